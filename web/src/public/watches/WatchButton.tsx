import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { PlatformLink, Product } from '@shared/types';
import { readWatches, subscribeWatches } from './storage';

// The dialog, the push subscription and the API calls load only when the shopper presses the
// button (the `/` budget, docs/contracts.md "Performance budgets").
const WatchDialog = lazy(() => import('./WatchDialog'));

const NONE: never[] = [];

/** "Pantau harga" on a product, or "Dipantau" once this device watches it. */
export function WatchButton({ product, links }: { product: Product; links: PlatformLink[] }) {
  const watches = useSyncExternalStore(subscribeWatches, readWatches, () => NONE);
  const [open, setOpen] = useState(false);
  const watched = watches.some((watch) => watch.productId === product.id);
  return (
    <>
      <button
        type="button"
        className={`button button-light watch-button${watched ? ' watched' : ''}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">🔔</span> {watched ? 'Dipantau' : 'Pantau harga'}
      </button>
      {open ? (
        <Suspense
          fallback={
            <span role="status" className="muted">
              Memuat...
            </span>
          }
        >
          <WatchDialog product={product} links={links} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
