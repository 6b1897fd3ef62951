import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@shared/api-client';

const ApiContext = createContext<ApiClient | null>(null);

export interface AdminConfig {
  /** '' for the same origin; the desktop app passes its configured server URL. */
  apiBaseUrl: string;
  /** The router base the admin screens are mounted under, e.g. '/admin'. */
  basename: string;
  /**
   * The server's address for links that leave the admin screens (installer downloads): '' in
   * the browser (same origin); the desktop app passes its server URL.
   */
  siteUrl: string;
}

const ConfigContext = createContext<AdminConfig>({
  apiBaseUrl: '',
  basename: '/admin',
  siteUrl: '',
});

export function ApiProvider({
  client,
  config,
  children,
}: {
  client: ApiClient;
  config: AdminConfig;
  children: ReactNode;
}) {
  return (
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={client}>{children}</ApiContext.Provider>
    </ConfigContext.Provider>
  );
}

/** The one fetch wrapper every admin query and mutation goes through. */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi must be used inside <AdminApp>');
  return client;
}

export function useAdminConfig(): AdminConfig {
  return useContext(ConfigContext);
}
