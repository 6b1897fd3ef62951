import { Link } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { popularFallback, popularLabel } from '@shared/rules/ranking';
import { ProductCard } from '../components/ProductCard';
import { CardSkeletons } from '../components/Skeletons';
import { useFeaturedOrFallback } from '../data/queries';
import { topLevelMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

export function PopularPage() {
  const { products, loading } = useFeaturedOrFallback('popular', popularFallback);
  usePageMeta(topLevelMeta('/produk-terpopuler', 'Produk Terpopuler'));
  return (
    <div className="container page">
      <header className="page-header">
        <h1>🏆 Produk Terpopuler</h1>
        <p className="page-lead">
          Produk diskon yang paling banyak dilihat dan dibeli pengguna DiskonRadar.
        </p>
      </header>
      {loading ? (
        <CardSkeletons count={SKELETONS.popular} />
      ) : products.length === 0 ? (
        <div className="empty-state">
          <span className="empty-icon" aria-hidden="true">
            📈
          </span>
          <h2>Produk populer sedang diperbarui</h2>
          <p>Daftar produk terpopuler sedang kami perbarui. Coba lagi sebentar lagi.</p>
          <Link to="/" className="button button-primary">
            Kembali ke Beranda
          </Link>
        </div>
      ) : (
        <>
          {/* The top three wear their medals in the grid itself, so no product shows twice. */}
          <h2 className="sr-only">Semua Produk Populer</h2>
          <div className="product-grid">
            {products.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                rank={index + 1}
                rankLabel={popularLabel(product, index)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
