import { expect, it } from 'vitest';
import type { Faq } from '@shared/types';
import { describeApi } from '../../../test/support/api';

describeApi('FAQs', (api) => {
  it('creates, updates, deletes, and shows visitors only active ones in order', async () => {
    const created = await api.admin.post<Faq>('/api/admin/faqs', {
      question: 'Pertanyaan tersembunyi?',
      answer: 'Jawaban',
      category: 'pricing',
      order: '2',
      isActive: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ order: 2, isActive: false, category: 'pricing' });
    const publicFaqs = await api.visitor.get<Faq[]>('/api/faqs');
    expect(publicFaqs.body.some((f) => f.id === created.body.id)).toBe(false);
    const orders = publicFaqs.body.map((f) => f.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const updated = await api.admin.put<Faq>(`/api/admin/faqs/${created.body.id}`, {
      question: 'Pertanyaan terlihat?',
      answer: 'Jawaban',
      category: 'pricing',
      order: 0,
      isActive: true,
    });
    expect(updated.status).toBe(200);
    expect(
      (await api.visitor.get<Faq[]>('/api/faqs')).body.some((f) => f.id === created.body.id),
    ).toBe(true);
    expect((await api.admin.delete(`/api/admin/faqs/${created.body.id}`)).status).toBe(204);
  });

  it('gives every FAQ message of spec section 5', async () => {
    const res = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/faqs', {
      question: '',
      answer: '',
      category: '',
      order: -1,
      isActive: true,
    });
    expect(res.body.errors).toMatchObject({
      question: 'Question is required',
      answer: 'Answer is required',
      category: 'Category is required',
      order: 'Order must be a positive number',
    });
  });
});
