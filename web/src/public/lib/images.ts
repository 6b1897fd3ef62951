import { safeUrl } from '../../common/safe-url';

/** Shown when a product image is missing or fails to load. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#fff7ed"/><path d="M140 250l50-60 40 45 30-35 50 50z" fill="#fdba74"/><circle cx="250" cy="150" r="22" fill="#fdba74"/></svg>',
  );

export function imageSrc(url: string | null | undefined): string {
  return safeUrl(url) ?? PLACEHOLDER_IMAGE;
}

/** onError handler: swap a broken image for the placeholder, once. */
export function fallbackToPlaceholder(event: React.SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (img.src !== PLACEHOLDER_IMAGE) img.src = PLACEHOLDER_IMAGE;
}
