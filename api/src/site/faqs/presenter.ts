import type { Faq as FaqJson } from '@shared/types';
import type { Faq } from '../../db/models';
import { iso } from '../../lib/json';

export const presentFaq = (faq: Faq): FaqJson => ({
  id: String(faq.id),
  question: faq.question,
  answer: faq.answer,
  category: faq.category as FaqJson['category'],
  order: faq.order,
  isActive: faq.isActive,
  createdAt: iso(faq.createdAt),
});
