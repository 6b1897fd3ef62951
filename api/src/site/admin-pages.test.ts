import { expect, it } from 'vitest';
import type { Faq, MetaTag, Popup } from '@shared/types';
import { describeApi, type ApiFixture } from '../../test/support/api';
import { unique, validPopup } from '../../test/support/fixtures';

interface Page {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  [key: string]: unknown;
}

/** The FAQ, meta tag and popup managers' lists, each with a body that carries a tag. */
const RESOURCES = [
  {
    path: '/api/admin/faqs',
    key: 'faqs',
    // Spec: FAQs are listed by their order field; reverse it so the order is not the ids'.
    body: (tag: string, i: number) => ({
      question: `Pertanyaan ${tag} nomor ${i}?`,
      answer: 'Jawaban singkat.',
      category: 'general',
      order: 100 - i,
      isActive: true,
    }),
    text: (row: Faq) => row.question,
  },
  {
    path: '/api/admin/meta-tags',
    key: 'metaTags',
    body: (tag: string, i: number) => ({
      htmlTag: `<meta name="keywords" content="Diskon ${tag} nomor ${i}">`,
      pageUrl: '/',
      isActive: true,
    }),
    text: (row: MetaTag) => row.htmlTag,
  },
  {
    path: '/api/admin/popups',
    key: 'popups',
    body: (tag: string, i: number) => ({ ...validPopup(), title: `Kampanye ${tag} nomor ${i}` }),
    text: (row: Popup) => row.title,
  },
] as const;

const COUNT = 12;

async function createMany(api: ApiFixture, resource: (typeof RESOURCES)[number], tag: string) {
  const ids: string[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    const res = await api.admin.post<{ id: string }>(resource.path, resource.body(tag, i));
    expect(res.status, resource.path).toBe(201);
    ids.push(String(res.body.id));
  }
  return ids;
}

describeApi('admin site lists paged on the server', (api) => {
  for (const resource of RESOURCES) {
    it(`pages and searches ${resource.path}, and keeps its unpaged form`, async () => {
      const tag = unique();
      await createMany(api, resource, tag);
      const get = async (query: string) => {
        const res = await api.admin.get<Page>(`${resource.path}?${query}`);
        expect(res.status, query).toBe(200);
        return res.body;
      };
      const texts = (page: Page) =>
        (page[resource.key] as Parameters<typeof resource.text>[0][]).map((row) =>
          resource.text(row as never),
        );

      // The search is a case-insensitive substring.
      const first = await get(`page=1&limit=5&search=${tag.toUpperCase()}`);
      expect(first).toMatchObject({ currentPage: 1, totalPages: 3, totalCount: COUNT });
      expect(texts(first)).toHaveLength(5);
      const last = await get(`page=3&limit=5&search=${tag}`);
      expect(texts(last)).toHaveLength(2);
      expect(await get(`page=4&limit=5&search=${tag}`)).toMatchObject({
        [resource.key]: [],
        totalCount: COUNT,
      });
      // The pages follow the whole list's order and never overlap.
      const all = await api.admin.get<unknown[]>(`${resource.path}?search=${tag}`);
      expect(Array.isArray(all.body)).toBe(true);
      const paged = [];
      for (let page = 1; page <= 3; page += 1) {
        paged.push(...texts(await get(`page=${page}&limit=5&search=${tag}`)));
      }
      expect(paged).toEqual(all.body.map((row) => resource.text(row as never)));
      expect(new Set(paged).size).toBe(COUNT);
      // Without a search the page counts every row; the unpaged form still lists them all.
      const everything = await api.admin.get<unknown[]>(resource.path);
      expect((await get('page=1')).totalCount).toBe(everything.body.length);
      expect(texts(await get('page=1')).length).toBeLessThanOrEqual(20);
      // `%` and `_` are literal characters.
      expect((await get(`page=1&search=${encodeURIComponent(`${tag}%`)}`)).totalCount).toBe(0);
    });
  }

  it('orders FAQ pages by their order field', async () => {
    const tag = unique();
    await createMany(api, RESOURCES[0], tag);
    const page = (await api.admin.get<{ faqs: Faq[] }>(`/api/admin/faqs?page=1&search=${tag}`))
      .body;
    const orders = page.faqs.map((faq) => faq.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('rejects a malformed page query and visitors', async () => {
    for (const resource of RESOURCES) {
      for (const query of ['page=0', 'page=x', 'page=1&limit=101', 'page=1&limit=0']) {
        const res = await api.admin.get<{ message: string }>(`${resource.path}?${query}`);
        expect(res.status, `${resource.path}?${query}`).toBe(400);
        expect(res.body.message).toMatch(/^Invalid query parameter (page|limit)/);
      }
      expect((await api.visitor.get(`${resource.path}?page=1`)).status).toBe(401);
    }
  });
});
