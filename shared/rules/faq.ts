import { LIMITS } from '../constants';

interface OrderedFaq {
  isActive: boolean;
  order: number;
}

/** The contact page's FAQ list: active only, by order, at most 5. */
export function contactFaqs<T extends OrderedFaq>(
  faqs: readonly T[],
  cap: number = LIMITS.contactFaqCap,
): T[] {
  return faqs
    .filter((faq) => faq.isActive)
    .sort((a, b) => a.order - b.order)
    .slice(0, cap);
}

/** Items to show and how many are left for a '+N' badge (card platforms, price summary). */
export function splitForDisplay<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  const shown = items.slice(0, Math.max(0, max));
  return { shown, more: items.length - shown.length };
}
