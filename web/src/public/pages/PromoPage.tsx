import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LIMITS, SKELETONS } from '@shared/constants';
import { readHomeParams } from '@shared/home-address';
import { isHotDeal } from '@shared/rules/ranking';
import {
  hasListingFilters,
  listingApiQuery,
  listingParams,
  readListingParams,
} from '@shared/schemas/listing';
import { PRODUCTS_SECTION_ID, scrollToProductsSoon } from '../../common/scroll';
import { ListingControls } from '../components/ListingControls';
import { Pagination } from '../components/Pagination';
import { ProductCard } from '../components/ProductCard';
import { CardSkeletons } from '../components/Skeletons';
import { usePromoPage } from '../data/queries';
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

const PATH = '/promo-hari-ini';

/**
 * Today's promo (spec section 5: the featured products, else every discounted one, biggest
 * discount first), with the listing's sorting and filters in the address (docs/contracts.md,
 * "Shopping"): one page at a time from `GET /api/products?promo=true`, rendered on the server.
 */
export function PromoPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const address = new URLSearchParams(location.search);
  const { page } = readHomeParams(address);
  const filters = readListingParams(address);
  const query = usePromoPage(page, listingApiQuery(filters, true));
  const products = query.data?.products ?? [];
  const totalCount = query.data?.totalCount ?? 0;
  const loading = query.isPending;
  const filtered = hasListingFilters(filters);
  usePageMeta(topLevelMeta(PATH, 'Promo Hari Ini'));

  const changePage = (next: number) => {
    const params = new URLSearchParams(listingParams(filters));
    if (next > 1) params.set('page', String(next));
    const text = params.toString();
    navigate({ pathname: PATH, search: text ? `?${text}` : '' }, { preventScrollReset: true });
    scrollToProductsSoon();
  };

  return (
    <div className="container page">
      <header className="promo-hero">
        <div>
          <p className="promo-kicker">⚡ Flash Sale</p>
          <h1>Promo Hari Ini</h1>
          <p className="page-lead">
            {loading
              ? 'Memuat promo...'
              : `${totalCount.toLocaleString('id-ID')} produk promo pilihan hari ini`}
          </p>
        </div>
        <div className="promo-side">
          <span className="max-badge">Diskon hingga {LIMITS.promoBadgeMax}%</span>
          <Countdown />
        </div>
      </header>
      <section id={PRODUCTS_SECTION_ID} aria-label="Produk promo">
        {loading || (totalCount === 0 && !filtered) ? null : (
          <ListingControls
            search=""
            category={null}
            filters={filters}
            facets={query.data?.facets}
            totalCount={totalCount}
            path={PATH}
            defaultOrderLabel="Pilihan promo"
          />
        )}
        {loading ? (
          <CardSkeletons count={SKELETONS.promo} />
        ) : products.length === 0 && filtered ? (
          <div className="empty-state">
            <span className="empty-icon" aria-hidden="true">
              🔎
            </span>
            <h2>Tidak ada promo yang cocok</h2>
            <p>Coba longgarkan filter untuk melihat promo lainnya hari ini.</p>
            <Link to={PATH} className="button button-primary">
              Lihat Semua Promo
            </Link>
          </div>
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
        <Pagination
          currentPage={page}
          totalPages={query.data?.totalPages ?? 0}
          loading={loading}
          onPageChange={changePage}
        />
      </section>
    </div>
  );
}
