import { Link } from 'react-router-dom';
import { LIMITS, SKELETONS } from '@shared/constants';
import { isHotDeal, promoFallback } from '@shared/rules/ranking';
import { ProductCard } from '../components/ProductCard';
import { CardSkeletons } from '../components/Skeletons';
import { useFeaturedOrFallback } from '../data/queries';
import { untilEndOfDay } from '../lib/countdown';
import { useBrowserNow } from '../lib/use-now';
import { topLevelMeta } from '../seo/route-meta';
import { usePageMeta } from '../seo/use-page-meta';

function Countdown() {
  const now = useBrowserNow(1000);
  const left = now === null ? null : untilEndOfDay(now);
  const two = (n: number | undefined) => (n === undefined ? '--' : String(n).padStart(2, '0'));
  return (
    <div className="countdown" role="timer" aria-label="Sisa waktu promo hari ini">
      <span className="countdown-label">Berakhir dalam</span>
      <span className="countdown-value">
        <strong data-testid="countdown-hours">{two(left?.hours)}</strong> jam{' '}
        <strong data-testid="countdown-minutes">{two(left?.minutes)}</strong> menit
      </span>
    </div>
  );
}

export function PromoPage() {
  const { products, loading } = useFeaturedOrFallback('promo', promoFallback);
  usePageMeta(topLevelMeta('/promo-hari-ini', 'Promo Hari Ini'));
  return (
    <div className="container page">
      <header className="promo-hero">
        <div>
          <p className="promo-kicker">⚡ Flash Sale</p>
          <h1>Promo Hari Ini</h1>
          <p className="page-lead">
            {loading
              ? 'Memuat promo...'
              : `${products.length.toLocaleString('id-ID')} produk promo pilihan hari ini`}
          </p>
        </div>
        <div className="promo-side">
          <span className="max-badge">Diskon hingga {LIMITS.promoBadgeMax}%</span>
          <Countdown />
        </div>
      </header>
      {loading ? (
        <CardSkeletons count={SKELETONS.promo} />
      ) : products.length === 0 ? (
        <div className="empty-state">
          <span className="empty-icon" aria-hidden="true">
            ⏰
          </span>
          <h2>Promo hari ini sudah berakhir</h2>
          <p>Promo baru akan segera hadir. Sementara itu, lihat produk diskon lainnya.</p>
          <Link to="/" className="button button-primary">
            Kembali ke Beranda
          </Link>
        </div>
      ) : (
        <div className="product-grid">
          {products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              hotDeal={isHotDeal(product.discountPercentage)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
