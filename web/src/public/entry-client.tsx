import '../common/zod-jitless';
import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider, hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTracking } from '../tracking';
import { App } from './App';
import { createQueryClient } from './data/queries';
import { SiteContext } from './lib/site-context';
import type { ClientState } from './entry-server';
import './styles/site.css';

function readState(): ClientState {
  const text = document.getElementById('dr-state')?.textContent;
  if (text) {
    try {
      return JSON.parse(text) as ClientState;
    } catch (error) {
      console.warn('Server state could not be read', error);
    }
  }
  return {
    renderedAt: Date.now(),
    config: { geoLookupUrl: '' },
    origin: window.location.origin,
    queries: undefined,
  };
}

/** Marks the document once React has taken over the server's HTML (tests wait for it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const state = readState();
const queryClient = createQueryClient();
if (state.queries) hydrate(queryClient, state.queries as DehydratedState);

// Hydrating inside a transition lets React yield to the browser every few milliseconds, so a
// slow phone stays responsive (no long task) while the page comes alive.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root') as HTMLElement,
    <StrictMode>
      <SiteContext.Provider
        value={{
          renderedAt: state.renderedAt,
          config: state.config,
          origin: state.origin || window.location.origin,
        }}
      >
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App />
            <HydrationMark />
          </BrowserRouter>
        </QueryClientProvider>
      </SiteContext.Provider>
    </StrictMode>,
  );
});

// Tracking waits until the page has loaded and the main thread is idle: it must never slow
// the first paint or the first interaction down.
function startWhenIdle() {
  const start = () => startTracking({ geoLookupUrl: state.config.geoLookupUrl });
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 4000 });
  else setTimeout(start, 1500);
}
if (document.readyState === 'complete') startWhenIdle();
else window.addEventListener('load', startWhenIdle, { once: true });
