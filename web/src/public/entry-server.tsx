import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import { PUBLIC_PATHS, isPublicPath } from '@shared/public-routes';
import { App } from './App';
import { createQueryClient } from './data/queries';
import { seedQueryCache } from './seed-cache';
import { renderHead } from './seo/head';
import { serializeJsonForScript } from './seo/escape';
import { staticMeta } from './seo/route-meta';
import { MetaCollector, MetaContext } from './seo/use-page-meta';
import { SiteContext } from './lib/site-context';
import type { RenderResult, SsrData } from '@shared/ssr-data';

export type { RenderResult, SsrData } from '@shared/ssr-data';
export { PUBLIC_PATHS };

export interface ClientState {
  renderedAt: number;
  config: SsrData['config'];
  origin: string;
  queries: unknown;
}

/** Renders one public page with its data: body HTML, head tags and the state to hydrate. */
export function render(url: string, data: SsrData): RenderResult {
  const queryClient = createQueryClient();
  seedQueryCache(queryClient, data);
  const collector = new MetaCollector();
  const pathname = new URL(url, 'http://localhost').pathname;
  const html = renderToString(
    <StrictMode>
      <SiteContext.Provider
        value={{ renderedAt: data.now, config: data.config, origin: data.origin }}
      >
        <MetaContext.Provider value={collector}>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={url}>
              <App />
            </StaticRouter>
          </QueryClientProvider>
        </MetaContext.Provider>
      </SiteContext.Provider>
    </StrictMode>,
  );
  const meta = collector.meta ?? staticMeta(pathname);
  const state: ClientState = {
    renderedAt: data.now,
    config: data.config,
    origin: data.origin,
    queries: dehydrate(queryClient),
  };
  queryClient.clear();
  return {
    html,
    head: renderHead(meta, data.origin, data.metaTags ?? []),
    state: serializeJsonForScript(state),
    status: isPublicPath(pathname) ? 200 : 404,
  };
}
