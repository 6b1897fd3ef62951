import { useEffect, type ReactNode } from 'react';
import { repeatsBadge } from '../lib/badges';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatRupiah, resolvePriceValue } from '@shared/rules/price';
import { showsGallery, showsVideo } from '@shared/rules/media';
import type { PlatformLink, Product } from '@shared/types';
import { track } from '../../tracking';
import { platformColor, platformName } from '../content/site';
import { usePlatformLinks, useProduct } from '../data/queries';
import { readHomeParams, withProduct } from '@shared/home-address';
import { productPageMeta } from '../lib/product-meta';
import { safeUrl } from '../../common/safe-url';
import { useSite } from '../lib/site-context';
import { shareLink } from '../lib/whatsapp';
import { META_PRIORITY, usePageMeta } from '../seo/use-page-meta';
import { Dialog } from './Dialog';
import { ImageGallery } from './ImageGallery';
import { PriceHistoryPanel } from './PriceHistory';
import { BeforeAndSaving } from './PriceTag';
import { VideoPlayer } from './VideoPlayer';
import { WatchButton } from '../watches/WatchButton';
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

/** The links a visitor can follow: an http(s) affiliate address. */
function usableLinks(links: PlatformLink[]): PlatformLink[] {
  return links.filter((link) => safeUrl(link.affiliateUrl)?.startsWith('http'));
}

const priceOf = (link: PlatformLink) => link.priceValue ?? resolvePriceValue(link.price);

const outOfStock = (link: PlatformLink) => link.availability === 'out_of_stock';

/**
 * The link with the lowest price (the stored number, else read from the text); a link out of
 * stock is never offered as the cheapest.
 */
function cheapestLink(links: PlatformLink[]): PlatformLink | null {
  let best: PlatformLink | null = null;
  let bestPrice = Infinity;
  for (const link of links) {
    if (outOfStock(link)) continue;
    const price = priceOf(link);
    if (price !== null && price < bestPrice) [best, bestPrice] = [link, price];
  }
  return best;
}

/** The counted redirect (clicks count without JavaScript and past blockers), in a new tab. */
function PlatformLinkAnchor({
  product,
  link,
  className,
  children,
}: {
  product: Product;
  link: PlatformLink;
  className: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <a
      className={className}
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
      {children}
    </a>
  );
}

function PlatformButtons({ product, links }: { product: Product; links: PlatformLink[] }) {
  const usable = usableLinks(links);
  const cheapest =
    usable.filter((link) => !outOfStock(link)).length > 1 ? cheapestLink(usable) : null;
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
            <PlatformLinkAnchor
              product={product}
              link={link}
              className={`platform-button${isCheapest ? ' cheapest' : ''}${outOfStock(link) ? ' out-of-stock' : ''}`}
            >
              <span className="platform-name">{platformName(link.platform)}</span>
              <span className="platform-price">
                {price}
                <BeforeAndSaving beforePrice={link.beforePrice} saving={link.saving} />
              </span>
              {isCheapest ? <span className="cheapest-tag">Harga termurah</span> : null}
              {outOfStock(link) ? <span className="stock-tag">Stok habis</span> : null}
              <ExternalIcon />
              <span className="sr-only">(membuka tab baru)</span>
            </PlatformLinkAnchor>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * On a phone the cheapest offer stays in view at the foot of the modal, whatever the picture
 * and the description push down; on wider screens the platform grid is beside the picture.
 */
function BuyBar({ product, links }: { product: Product; links: PlatformLink[] }) {
  const usable = usableLinks(links);
  const best = cheapestLink(usable);
  const price = best ? priceOf(best) : null;
  if (!best || price === null) return null;
  return (
    <div className="buy-bar" data-testid="buy-bar">
      <p className="buy-bar-price">
        <span className="buy-bar-label">{usable.length > 1 ? 'Harga termurah' : 'Harga'}</span>
        <strong>{formatRupiah(price)}</strong>
        <span className="buy-bar-where">
          di {platformName(best.platform)}
          {best.saving ? ` · Hemat ${formatRupiah(best.saving)}` : ''}
        </span>
      </p>
      <PlatformLinkAnchor product={product} link={best} className="button button-primary">
        Beli di {platformName(best.platform)}
        <span className="sr-only"> (membuka tab baru)</span>
      </PlatformLinkAnchor>
    </div>
  );
}

function ProductDetails({ product, links }: { product: Product; links: PlatformLink[] }) {
  usePageMeta(productPageMeta(product, links), META_PRIORITY.product);
  const { pathname } = useLocation();
  const { origin } = useSite();
  useEffect(() => {
    track({ eventType: 'product_view', data: { productId: product.id, path: pathname } });
  }, [product.id, pathname]);
  // The whole address, so a chat that receives it can open it (the server knows its origin).
  const shareUrl = `${origin}/?produk=${encodeURIComponent(product.id)}`;
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
          {product.category && !repeatsBadge(product, product.category.name) ? (
            <span className="muted">{product.category.name}</span>
          ) : null}
        </div>
        <h3 className="platform-heading">Cek Harga di Platform:</h3>
        <PlatformButtons product={product} links={links} />
        <WatchButton product={product} links={links} />
        <p className="product-description">{product.description}</p>
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
    <Dialog
      title={product?.title ?? 'Produk'}
      onClose={close}
      className="product-dialog"
      footer={product ? <BuyBar product={product} links={linksQuery.data ?? []} /> : null}
    >
      {body}
    </Dialog>
  );
}
