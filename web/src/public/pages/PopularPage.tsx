import { Link } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { popularFallback, popularLabel } from '@shared/rules/ranking';
import type { Product } from '@shared/types';
import { ProductCard } from '../components/ProductCard';
import { CardSkeletons } from '../components/Skeletons';
import { useFallback, useFeatured } from '../data/queries';
import { withProduct } from '../lib/home-params';
import { fallbackToPlaceholder, imageSrc } from '../lib/images';
import { staticMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

const MEDALS = [
  { emoji: '🥇', name: 'Emas', className: 'gold' },
  { emoji: '🥈', name: 'Perak', className: 'silver' },
  { emoji: '🥉', name: 'Perunggu', className: 'bronze' },
] as const;

function Podium({ products }: { products: Product[] }) {
  return (
    <ol className="podium" aria-label="3 produk teratas">
      {products.slice(0, 3).map((product, index) => {
        const medal = MEDALS[index] ?? MEDALS[2];
        return (
          <li key={product.id} className={`podium-item medal-${medal.className}`}>
            <span
              className="medal"
              role="img"
              aria-label={`Peringkat ${index + 1}, medali ${medal.name}`}
            >
              {medal.emoji}
            </span>
            <img
              src={imageSrc(product.imageUrl)}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              onError={fallbackToPlaceholder}
            />
            <div>
              <Link
                to={{ pathname: '/produk-terpopuler', search: withProduct('', product.id) }}
                state={{ openedInApp: true }}
                preventScrollReset
                className="podium-title"
              >
                {product.title}
              </Link>
              <p className="muted">Diskon {product.discountPercentage}%</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

export function PopularPage() {
  const featured = useFeatured('popular');
  const needsFallback = featured.data !== undefined && featured.data.length === 0;
  const all = useFallback('popular', needsFallback);
  const products = needsFallback ? popularFallback(all.data ?? []) : (featured.data ?? []);
  const loading = featured.isPending || (needsFallback && all.isPending);
  usePageMeta({
    ...staticMeta('/produk-terpopuler'),
    breadcrumbs: [
      { name: 'Beranda', path: '/' },
      { name: 'Produk Terpopuler', path: '/produk-terpopuler' },
    ],
  });
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
          <Podium products={products} />
          <h2 className="section-title left">Semua Produk Populer</h2>
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
