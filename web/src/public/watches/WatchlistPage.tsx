import { useEffect, useState, type ComponentType } from 'react';
import { topLevelMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

/**
 * /pantauan: the shell is rendered on the server (the list lives in the browser, so the server
 * cannot draw it); the list itself loads after hydration, as the watch dialog does.
 */
export function WatchlistPage() {
  usePageMeta(topLevelMeta('/pantauan', 'Pantauan'));
  const [List, setList] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./WatchList')
      .then((module) => {
        if (live) setList(() => module.default);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="container page watchlist-page">
      <header className="page-header">
        <h1>Pantauan Harga</h1>
        <p className="page-lead">
          Produk yang Anda pantau di perangkat ini, dengan harga saat mulai dipantau dan harga
          sekarang. Tanpa akun: daftar ini tersimpan di browser Anda.
        </p>
      </header>
      {List ? (
        <List />
      ) : failed ? (
        <p role="alert">Daftar pantauan gagal dimuat. Muat ulang halaman.</p>
      ) : (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Memuat daftar pantauan...
        </p>
      )}
    </div>
  );
}
