// Scrolling to the home page's product list: the hero's button (on the site; the admin's
// preview passes its own) and the site's category and page choices.
import { TIMINGS } from '@shared/constants';

export const PRODUCTS_SECTION_ID = 'produk';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function scrollToElement(id: string): void {
  document.getElementById(id)?.scrollIntoView({
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    block: 'start',
  });
}

/** Spec section 4: after choosing a category or a page, scroll to the products after 100 ms. */
export function scrollToProductsSoon(): void {
  setTimeout(() => scrollToElement(PRODUCTS_SECTION_ID), TIMINGS.scrollToSection);
}
