import type { MediaType } from '../constants';

// Structural subset so both API records and form values can be passed in.
export interface MediaFields {
  mediaType?: MediaType | string | null;
  imageUrl?: string | null;
  imageUrls?: readonly (string | null | undefined)[] | null;
  videoUrl?: string | null;
}

export const CARD_BUTTON_LABELS = {
  video: 'Lihat Video & Harga',
  image: 'Lihat Gambar & Harga',
  both: 'Lihat Media & Harga',
  product: 'Lihat Produk & Harga',
} as const;

function hasText(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function cardButtonLabel(product: MediaFields): string {
  switch (product.mediaType) {
    case 'video':
      return CARD_BUTTON_LABELS.video;
    case 'image':
      return CARD_BUTTON_LABELS.image;
    case 'both':
      return CARD_BUTTON_LABELS.both;
    default:
      return hasText(product.videoUrl) ? CARD_BUTTON_LABELS.video : CARD_BUTTON_LABELS.product;
  }
}

/** The image variations worth rendering: blank entries are dropped. */
export function galleryImages(product: MediaFields): string[] {
  return (product.imageUrls ?? []).filter(hasText).map((url) => url.trim());
}

/**
 * What the gallery actually renders: the variations, or the main image when there are none
 * (a gallery with one image or none is a plain image).
 */
export function modalImages(product: MediaFields): string[] {
  const images = galleryImages(product);
  if (images.length > 0) return images;
  return hasText(product.imageUrl) ? [product.imageUrl.trim()] : [];
}

/** The modal shows the image gallery for 'image', or 'both' with variations present. */
export function showsGallery(product: MediaFields): boolean {
  if (product.mediaType === 'image') return true;
  return product.mediaType === 'both' && galleryImages(product).length > 0;
}

/** Same rule as showsGallery; both names are part of the shared contract. */
export const hasGallery = showsGallery;

/** The modal shows the video for 'video', or 'both'/'default' with a video URL. */
export function showsVideo(product: MediaFields): boolean {
  if (product.mediaType === 'video') return true;
  const withUrl = hasText(product.videoUrl);
  return withUrl && (product.mediaType === 'both' || !isKnownMediaType(product.mediaType));
}

/** Neither gallery nor video: the modal shows 'Media tidak tersedia'. */
export function showsMediaPlaceholder(product: MediaFields): boolean {
  return !showsGallery(product) && !showsVideo(product);
}

function isKnownMediaType(value: unknown): value is Exclude<MediaType, 'default'> {
  return value === 'image' || value === 'video' || value === 'both';
}

export type VideoHost = 'tiktok' | 'youtube' | 'instagram';

function parseHttpUrl(url: string | null | undefined): URL | null {
  if (!hasText(url)) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

function hostIs(hostname: string, domain: string): boolean {
  const host = hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

export function detectVideoHost(url: string | null | undefined): VideoHost | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  const { hostname } = parsed;
  if (hostIs(hostname, 'tiktok.com')) return 'tiktok';
  if (
    hostIs(hostname, 'youtube.com') ||
    hostIs(hostname, 'youtu.be') ||
    hostIs(hostname, 'youtube-nocookie.com')
  ) {
    return 'youtube';
  }
  if (hostIs(hostname, 'instagram.com')) return 'instagram';
  return null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const TIKTOK_ID = /^\d{5,25}$/;
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{4,40}$/;

function segments(url: URL): string[] {
  return url.pathname.split('/').filter((s) => s !== '');
}

function youtubeId(url: URL): string | null {
  const parts = segments(url);
  let id: string | null | undefined;
  if (hostIs(url.hostname, 'youtu.be')) {
    id = parts[0];
  } else if (parts[0] === 'watch') {
    id = url.searchParams.get('v');
  } else if (parts[0] && ['shorts', 'embed', 'live', 'v'].includes(parts[0])) {
    id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function tiktokId(url: URL): string | null {
  const parts = segments(url);
  // /@user/video/{id}, /embed/v2/{id} or /embed/{id}
  const afterVideo = parts.indexOf('video');
  const candidate =
    afterVideo >= 0 ? parts[afterVideo + 1] : parts[0] === 'embed' ? parts.at(-1) : null;
  return candidate && TIKTOK_ID.test(candidate) ? candidate : null;
}

interface InstagramPost {
  kind: 'p' | 'reel';
  code: string;
}

function instagramPost(url: URL): InstagramPost | null {
  const parts = segments(url);
  // /p/{code}, /reel/{code}, /reels/{code}, /tv/{code}, optionally after a /{username}
  const index = parts.findIndex((s) => ['p', 'reel', 'reels', 'tv'].includes(s));
  if (index < 0 || index > 1) return null;
  const code = parts[index + 1];
  if (!code || !INSTAGRAM_CODE.test(code)) return null;
  const marker = parts[index];
  return { kind: marker === 'reel' || marker === 'reels' ? 'reel' : 'p', code };
}

/**
 * The iframe address for a supported video link, or null when the host or link form is not
 * supported (the player then shows 'Format video tidak didukung' with the original link).
 */
export function toEmbedUrl(url: string | null | undefined): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  switch (detectVideoHost(url)) {
    case 'tiktok': {
      const id = tiktokId(parsed);
      return id ? `https://www.tiktok.com/embed/v2/${id}` : null;
    }
    case 'youtube': {
      const id = youtubeId(parsed);
      return id ? `https://www.youtube.com/embed/${id}` : null;
    }
    case 'instagram': {
      const post = instagramPost(parsed);
      return post ? `https://www.instagram.com/${post.kind}/${post.code}/embed` : null;
    }
    default:
      return null;
  }
}

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type AspectRatioSetting = AspectRatio | 'auto';

function isAspectRatio(value: unknown): value is AspectRatio {
  return typeof value === 'string' && (ASPECT_RATIOS as readonly string[]).includes(value);
}

/** A forced ratio wins; otherwise the ratio follows the host and link form. */
export function aspectRatio(
  url: string | null | undefined,
  forced?: AspectRatioSetting | string | null,
): AspectRatio {
  if (isAspectRatio(forced)) return forced;
  const parsed = parseHttpUrl(url);
  if (!parsed) return '16:9';
  switch (detectVideoHost(url)) {
    case 'tiktok':
      return '9:16';
    case 'youtube':
      return segments(parsed)[0] === 'shorts' ? '9:16' : '16:9';
    case 'instagram':
      return instagramPost(parsed)?.kind === 'reel' ? '9:16' : '1:1';
    default:
      return '16:9';
  }
}

/** CSS `aspect-ratio` value, e.g. '9 / 16'. */
export function aspectRatioCss(ratio: AspectRatio): string {
  return ratio.replace(':', ' / ');
}
