import { Link, useLocation } from 'react-router-dom';
import { LIMITS } from '@shared/constants';
import { cardButtonLabel } from '@shared/rules/media';
import { formatRupiah } from '@shared/rules/price';
import type { Product } from '@shared/types';
import { platformName } from '../content/site';
import { withProduct } from '../lib/home-params';
import { fallbackToPlaceholder, imageSrc } from '../lib/images';

interface ProductCardProps {
  product: Product;
  /** 1-based rank on /produk-terpopuler. */
  rank?: number;
  rankLabel?: string;
  hotDeal?: boolean;
  /** The first cards of a page load eagerly (they are in the first screen on desktop). */
  eager?: boolean;
}

export function ProductCard({ product, rank, rankLabel, hotDeal, eager }: ProductCardProps) {
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
        {rank !== undefined ? (
          <span className="rank-number" aria-label={`Peringkat ${rank}`}>
            #{rank}
          </span>
        ) : null}
        {rankLabel ? <span className="rank-label">{rankLabel}</span> : null}
      </div>
      <div className="card-body">
        {product.category ? <p className="card-category">{product.category.name}</p> : null}
        <h3 className="card-title">{product.title}</h3>
        {product.lowestPrice ? (
          <p className="card-price">
            <span className="card-price-value">{formatRupiah(product.lowestPrice.price)}</span>
            <span className="card-price-where">
              di {platformName(product.lowestPrice.platform)} · hemat {product.discountPercentage}%
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
