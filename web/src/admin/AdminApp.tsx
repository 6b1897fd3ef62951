import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, HashRouter, MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import 'dayjs/locale/id';
import { createApiClient } from '@shared/api-client';
import { ApiProvider } from './api/ApiContext';
import { LoginPage } from './auth/LoginPage';
import { RequireAuth } from './auth/RequireAuth';
import { DEFAULT_ROUTE, normalizeBasename } from './auth/return-to';
import { AdminShell } from './components/AdminShell';
import { ConfirmDialog } from './components/ConfirmDialog';
import { LoadingState } from './components/QueryState';
import { OfflineBanner } from './components/OfflineBanner';
import { NetworkMonitor, observeNetwork, ServerUnreachableError } from './network/network-monitor';
import { NetworkProvider } from './network/NetworkContext';
import { DashboardPage } from './pages/DashboardPage';
import { adminCssVariables, adminTheme } from './theme';
import { RealtimeSourceProvider, type RealtimeSource } from './realtime/RealtimeSourceContext';

// Heavier screens load on first visit, so the login page and dashboard come up quickly.
const CategoriesAdminPage = lazy(() => import('./pages/categories/CategoriesAdminPage'));
const ProductsPage = lazy(() => import('./pages/products/ProductsPage'));
const ContentPage = lazy(() => import('./pages/content/ContentPage'));
const AnalyticsPage = lazy(() => import('./pages/analytics/AnalyticsPage'));
const UsersPage = lazy(() => import('./pages/staff/UsersPage'));
const AuditPage = lazy(() => import('./pages/staff/AuditPage'));
const DesktopReleasesPage = lazy(() => import('./pages/desktop/DesktopReleasesPage'));
const FeedsPage = lazy(() => import('./pages/feeds/FeedsPage'));
const FeedDetailPage = lazy(() => import('./pages/feeds/FeedDetailPage'));

export type RouterKind = 'browser' | 'hash' | 'memory';

export interface AdminAppProps {
  /** '' for the same origin; the desktop renderer passes its configured server URL. */
  apiBaseUrl: string;
  /** Where the admin screens are mounted: '/admin' in the browser, '' in a hash router. */
  basename: string;
  /** The browser uses real addresses; the desktop renderer may prefer a hash or memory router. */
  routerKind?: RouterKind;
  /** First page of a memory router. */
  initialPath?: string;
  /** The fetch every API call goes through (the desktop app observes sign-in with it). */
  fetch?: typeof fetch;
  /** Live analytics figures from the host instead of a socket of the screen's own (desktop). */
  realtimeSource?: RealtimeSource;
  /** The server's address for links that leave the screens; '' (same origin) by default. */
  siteUrl?: string;
}

/** Spec section 7: no staleness, no refetch on focus, no polling and no retry unless stated. */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

function AdminRouter({
  kind,
  basename,
  initialPath,
  children,
}: {
  kind: RouterKind;
  basename: string;
  initialPath: string;
  children: ReactNode;
}) {
  const base = basename || undefined;
  if (kind === 'hash') return <HashRouter basename={base}>{children}</HashRouter>;
  if (kind === 'memory') {
    return (
      <MemoryRouter basename={base} initialEntries={[`${basename}${initialPath}`]}>
        {children}
      </MemoryRouter>
    );
  }
  return <BrowserRouter basename={base}>{children}</BrowserRouter>;
}

function Protected({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <AdminShell>
        <Suspense fallback={<LoadingState />}>{children}</Suspense>
      </AdminShell>
    </RequireAuth>
  );
}

export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="/dashboard"
        element={
          <Protected>
            <DashboardPage />
          </Protected>
        }
      />
      <Route
        path="/categories"
        element={
          <Protected>
            <CategoriesAdminPage />
          </Protected>
        }
      />
      <Route
        path="/products"
        element={
          <Protected>
            <ProductsPage />
          </Protected>
        }
      />
      <Route
        path="/feeds"
        element={
          <Protected>
            <FeedsPage />
          </Protected>
        }
      />
      <Route
        path="/feeds/:id"
        element={
          <Protected>
            <FeedDetailPage />
          </Protected>
        }
      />
      <Route
        path="/content"
        element={
          <Protected>
            <ContentPage />
          </Protected>
        }
      />
      <Route
        path="/analytics"
        element={
          <Protected>
            <AnalyticsPage />
          </Protected>
        }
      />
      <Route
        path="/users"
        element={
          <Protected>
            <UsersPage />
          </Protected>
        }
      />
      <Route
        path="/audit"
        element={
          <Protected>
            <AuditPage />
          </Protected>
        }
      />
      <Route
        path="/desktop"
        element={
          <Protected>
            <DesktopReleasesPage />
          </Protected>
        }
      />
      <Route path="*" element={<Navigate to={DEFAULT_ROUTE} replace />} />
    </Routes>
  );
}

export function AdminApp({
  apiBaseUrl,
  basename,
  routerKind = 'browser',
  initialPath = DEFAULT_ROUTE,
  fetch: fetchImpl,
  realtimeSource,
  siteUrl = '',
}: AdminAppProps) {
  const base = normalizeBasename(basename);
  const [queryClient] = useState(createAdminQueryClient);
  const probe = useRef<() => Promise<unknown>>(() => Promise.resolve());
  // Offline: what failed loads again once the server answers; loaded data stays meanwhile.
  const [network] = useState(
    () =>
      new NetworkMonitor({
        probe: () => probe.current(),
        onReconnect: () =>
          void queryClient.refetchQueries({
            type: 'active',
            predicate: (query) => query.state.status === 'error',
          }),
      }),
  );
  const observedFetch = useMemo(
    () => observeNetwork(fetchImpl ?? ((input, init) => fetch(input, init)), network),
    [fetchImpl, network],
  );
  const client = useMemo(
    () => createApiClient({ baseUrl: apiBaseUrl, fetch: observedFetch }),
    [apiBaseUrl, observedFetch],
  );
  useEffect(() => {
    // The session endpoint answers 200 or 401; either means the server is back.
    probe.current = () =>
      client.get('/api/admin/me').catch((error: unknown) => {
        if (error instanceof ServerUnreachableError) throw error;
      });
  }, [client]);
  useEffect(() => {
    const offline = () => network.reportUnreachable();
    const online = () => network.retryNow();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [network]);
  useEffect(() => () => network.dispose(), [network]);
  const config = useMemo(
    () => ({ apiBaseUrl, basename: base, siteUrl }),
    [apiBaseUrl, base, siteUrl],
  );

  return (
    <MantineProvider
      theme={adminTheme}
      cssVariablesResolver={adminCssVariables}
      defaultColorScheme="light"
    >
      <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
        <Notifications position="top-right" limit={1} autoClose={5000} zIndex={1000} />
        <QueryClientProvider client={queryClient}>
          <ApiProvider client={client} config={config}>
            <NetworkProvider value={network}>
              <RealtimeSourceProvider value={realtimeSource ?? null}>
                <AdminRouter kind={routerKind} basename={base} initialPath={initialPath}>
                  <AdminRoutes />
                  <ConfirmDialog />
                </AdminRouter>
              </RealtimeSourceProvider>
              <OfflineBanner />
            </NetworkProvider>
          </ApiProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

export default AdminApp;
