import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { resolvePriceValue } from '@shared/rules/price';
import { showsGallery, showsVideo } from '@shared/rules/media';
import type { PlatformLink, Product } from '@shared/types';
import { track } from '../../tracking';
import { platformColor, platformName } from '../content/site';
import { usePlatformLinks, useProduct } from '../data/queries';
import { readHomeParams, withProduct } from '../lib/home-params';
import { productPageMeta } from '../lib/product-meta';
import { safeUrl } from '../lib/safe-url';
import { shareLink } from '../lib/whatsapp';
import { META_PRIORITY, usePageMeta } from '../seo/use-page-meta';
import { Dialog } from './Dialog';
import { ImageGallery } from './ImageGallery';
import { PriceHistoryPanel } from './PriceHistory';
import { VideoPlayer } from './VideoPlayer';
import { WhatsAppIcon, ExternalIcon } from './site-icons';

/** Main image first, then the variations; blank entries dropped, duplicates once. */
function galleryList(product: Product): string[] {
  const all = [product.imageUrl, ...product.imageUrls].map((url) => url?.trim() ?? '');
  return [...new Set(all.filter((url) => url !== ''))];
}

function ProductMedia({ product }: { product: Product }) {
  if (showsGallery(product))
    return <ImageGallery images={galleryList(product)} alt={product.title} />;
  if (showsVideo(product)) return <VideoPlayer url={product.videoUrl} title={product.title} />;
  return <div className="media-message media-placeholder">Media tidak tersedia</div>;
}

/** The link with the lowest price (the stored number, else read from the text). */
function cheapestLink(links: PlatformLink[]): PlatformLink | null {
  let best: PlatformLink | null = null;
  let bestPrice = Infinity;
  for (const link of links) {
    const price = link.priceValue ?? resolvePriceValue(link.price);
    if (price !== null && price < bestPrice) [best, bestPrice] = [link, price];
  }
  return best;
}

function PlatformButtons({ product, links }: { product: Product; links: PlatformLink[] }) {
  const { pathname } = useLocation();
  const usable = links.filter((link) => safeUrl(link.affiliateUrl)?.startsWith('http'));
  const cheapest = usable.length > 1 ? cheapestLink(usable) : null;
  if (usable.length === 0) {
    return <p className="muted">Link platform untuk produk ini belum tersedia.</p>;
  }
  return (
    <ul className="platform-grid">
      {usable.map((link) => {
        const price = link.price?.trim() || 'N/A';
        const isCheapest = cheapest?.id === link.id;
        return (
          <li key={link.id}>
            <a
              className={`platform-button${isCheapest ? ' cheapest' : ''}`}
              // Through the counted redirect: clicks count without JavaScript and past blockers.
              href={`/go/${encodeURIComponent(link.id)}`}
              target="_blank"
              rel="sponsored noopener"
              style={{ borderLeftColor: platformColor(link.platform) }}
              onClick={() =>
                track({
                  eventType: 'cta_click',
                  data: {
                    productId: product.id,
                    platform: link.platform,
                    categoryId: product.categoryId,
                    path: pathname,
                  },
                })
              }
            >
              <span className="platform-name">{platformName(link.platform)}</span>
              <span className="platform-price">{price}</span>
              {isCheapest ? <span className="cheapest-tag">Harga termurah</span> : null}
              <ExternalIcon />
              <span className="sr-only">(membuka tab baru)</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function ProductDetails({ product, links }: { product: Product; links: PlatformLink[] }) {
  usePageMeta(productPageMeta(product, links), META_PRIORITY.product);
  const { pathname } = useLocation();
  useEffect(() => {
    track({ eventType: 'product_view', data: { productId: product.id, path: pathname } });
  }, [product.id, pathname]);
  const shareUrl =
    typeof window === 'undefined'
      ? `/?produk=${product.id}`
      : `${window.location.origin}/?produk=${encodeURIComponent(product.id)}`;
  return (
    <div className="product-modal-grid">
      <div className="product-media">
        <ProductMedia product={product} />
      </div>
      <div className="product-info">
        <div className="product-tags">
          <span className="discount-pill">Diskon {product.discountPercentage}%</span>
          {product.badgeText ? (
            <span className={`badge badge-${product.badgeColor}`}>{product.badgeText}</span>
          ) : null}
          {product.category ? <span className="muted">{product.category.name}</span> : null}
        </div>
        <p className="product-description">{product.description}</p>
        <h3 className="platform-heading">Cek Harga di Platform:</h3>
        <PlatformButtons product={product} links={links} />
        <PriceHistoryPanel productId={product.id} />
        <p className="disclosure">
          DiskonRadar mendapat komisi dari pembelian melalui link di atas, tanpa biaya tambahan
          untukmu. DiskonRadar gratis digunakan.
        </p>
        <a
          className="button button-whatsapp"
          href={shareLink(
            `${product.title} - Diskon ${product.discountPercentage}% di DiskonRadar! ${shareUrl}`,
          )}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppIcon size={20} /> Bagikan ke WhatsApp
        </a>
      </div>
    </div>
  );
}

/** The product of ?produk=ID, over whatever page is open. */
export function ProductModal() {
  const location = useLocation();
  const navigate = useNavigate();
  const { product: productId } = readHomeParams(new URLSearchParams(location.search));
  const productQuery = useProduct(productId);
  const linksQuery = usePlatformLinks(productId);
  if (!productId) return null;

  const close = () => {
    const openedInApp = (location.state as { openedInApp?: boolean } | null)?.openedInApp;
    if (openedInApp) navigate(-1);
    else
      navigate(
        { pathname: location.pathname, search: withProduct(location.search, null) },
        { replace: true, preventScrollReset: true },
      );
  };

  const product = productQuery.data;
  let body;
  if (productQuery.isPending) {
    body = (
      <div className="modal-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Memuat produk...
      </div>
    );
  } else if (!product) {
    body = <p>Produk tidak ditemukan atau sudah tidak tersedia.</p>;
  } else {
    body = <ProductDetails product={product} links={linksQuery.data ?? []} />;
  }
  return (
    <Dialog title={product?.title ?? 'Produk'} onClose={close} className="product-dialog">
      {body}
    </Dialog>
  );
}
