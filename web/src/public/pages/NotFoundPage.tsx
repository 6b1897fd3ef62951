import { Link } from 'react-router-dom';
import { NOT_FOUND_META } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

/** The spec's two English lines, then what they mean for a shopper and where to go next. */
export function NotFoundPage({ path }: { path: string }) {
  usePageMeta({ ...NOT_FOUND_META, path });
  return (
    <div className="container page not-found">
      <h1 lang="en">404 Page Not Found</h1>
      <p lang="en">Did you forget to add the page to the router?</p>
      <p className="not-found-explain">
        Halaman yang kamu cari tidak ditemukan. Mungkin alamatnya salah ketik, atau halamannya sudah
        dipindahkan. Promo lainnya tetap menunggumu di beranda.
      </p>
      <div className="not-found-actions">
        <Link to="/" className="button button-primary">
          Kembali ke Beranda
        </Link>
        <Link to="/promo-hari-ini" className="button button-light">
          Lihat Promo Hari Ini
        </Link>
      </div>
    </div>
  );
}
