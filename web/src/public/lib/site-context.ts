import { createContext, useContext } from 'react';
import type { SiteConfig } from '@shared/ssr-data';

export interface SiteContextValue {
  /** The server's clock at render time: first renders use it so hydration matches. */
  renderedAt: number;
  config: SiteConfig;
  /** The site's public origin ('https://diskonradar.id'), for addresses shared outside it. */
  origin: string;
}

export const SiteContext = createContext<SiteContextValue>({
  renderedAt: 0,
  config: { geoLookupUrl: '' },
  origin: '',
});

export const useSite = () => useContext(SiteContext);
