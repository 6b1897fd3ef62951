import { Link, useLocation } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { cardButtonLabel } from '@shared/rules/media';
import { formatRupiah } from '@shared/rules/price';
import type { Product } from '@shared/types';
import { platformName } from '../content/site';
import { withProduct } from '@shared/home-address';
import { repeatsBadge } from '../lib/badges';
import { fallbackToPlaceholder, imageSrc } from '../lib/images';
import { BeforeAndSaving } from './PriceTag';

/** Gold, silver and bronze for the top three of /produk-terpopuler (spec section 2). */
const MEDALS = [
  { name: 'Emas', tone: 'gold' },
  { name: 'Perak', tone: 'silver' },
  { name: 'Perunggu', tone: 'bronze' },
] as const;

/** The rank number, with a medal for the top three: one name for screen readers. */
function RankMarks({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  if (!medal) {
    return (
      <span className="rank-number" role="img" aria-label={`Peringkat ${rank}`}>
        #{rank}
      </span>
    );
  }
  return (
    <>
      {/* Drawn in CSS, not an emoji: every phone shows the same medal. The medal is the rank:
          no second "#1" beside it. */}
      <span
        className={`rank-medal medal-${medal.tone}`}
        role="img"
        aria-label={`Peringkat ${rank}, medali ${medal.name}`}
      >
        {rank}
      </span>
    </>
  );
}

interface ProductCardProps {
  product: Product;
  /** 1-based rank on /produk-terpopuler. */
  rank?: number;
  rankLabel?: string;
  hotDeal?: boolean;
  /** The first cards of a page load eagerly (they are in the first screen on desktop). */
  eager?: boolean;
  /** h3 under a section's h2; h2 where the listing's title is the page's h1. */
  titleLevel?: 2 | 3;
}

export function ProductCard({
  product,
  rank,
  rankLabel,
  hotDeal,
  eager,
  titleLevel = 3,
}: ProductCardProps) {
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  const location = useLocation();
  const platforms = product.platforms.slice(0, LIMITS.cardPlatformBadges);
  const more = product.platforms.length - platforms.length;
  return (
    <article className="product-card" data-product-id={product.id}>
      <div className="card-media">
        <img
          src={imageSrc(product.imageUrl)}
          alt={product.title}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={fallbackToPlaceholder}
        />
        <span className="discount-badge">-{product.discountPercentage}%</span>
        {hotDeal ? <span className="hot-deal">🔥 Hot Deal</span> : null}
        {rank !== undefined ? <RankMarks rank={rank} /> : null}
        {rankLabel && !repeatsBadge(product, rankLabel) ? (
          <span className="rank-label">{rankLabel}</span>
        ) : null}
      </div>
      <div className="card-body">
        {product.category && !repeatsBadge(product, product.category.name) ? (
          <p className="card-category">{product.category.name}</p>
        ) : null}
        <Title className="card-title">{product.title}</Title>
        {product.lowestPrice ? (
          <p className="card-price">
            <span className="card-price-value">{formatRupiah(product.lowestPrice.price)}</span>
            <BeforeAndSaving
              beforePrice={product.lowestPrice.beforePrice}
              saving={product.lowestPrice.saving}
            />
            <span className="card-price-where">
              di {platformName(product.lowestPrice.platform)}
            </span>
          </p>
        ) : null}
        <div className="card-meta">
          {product.badgeText ? (
            <span className={`badge badge-${product.badgeColor}`}>{product.badgeText}</span>
          ) : null}
        </div>
        <ul className="platform-chips" aria-label="Tersedia di">
          {platforms.map((platform) => (
            <li key={platform}>{platformName(platform)}</li>
          ))}
          {more > 0 ? <li aria-label={`${more} platform lainnya`}>+{more}</li> : null}
        </ul>
        <Link
          className="button button-primary card-button"
          to={{ pathname: location.pathname, search: withProduct(location.search, product.id) }}
          state={{ openedInApp: true }}
          preventScrollReset
          aria-label={`${cardButtonLabel(product)}: ${product.title}`}
        >
          {cardButtonLabel(product)}
        </Link>
      </div>
    </article>
  );
}
