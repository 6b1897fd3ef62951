import type { Faq, Popup } from '../../shared/types';
import { expect, expectToast, test, unique } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const MANY = 23;

test('FAQ manager pages on the server: search, page buttons, and a step back after deleting the last page', async ({
  adminPage: page,
  api,
}) => {
  const tag = unique('Halaman');
  const created: Faq[] = [];
  // Inactive, so the public pages (first 5 active FAQs) never show them.
  for (let i = 0; i < MANY; i += 1) {
    created.push(
      await api.post<Faq>('/api/admin/faqs', {
        question: `${tag} pertanyaan ${i}?`,
        answer: 'Jawaban.',
        category: 'general',
        order: i,
        isActive: false,
      }),
    );
  }
  try {
    await page.goto('/admin/content?tab=faq');
    await page.getByLabel('Cari FAQ').fill(tag.toLowerCase());
    await expect(page.getByText(`${MANY} FAQ · halaman 1 dari 2`)).toBeVisible();
    await expect(page.getByTestId('faq-row')).toHaveCount(20);
    await expect(page.getByTestId('faq-row').first()).toContainText(`${tag} pertanyaan 0?`);
    await page.screenshot({ path: '/tmp/scale-faq-1366.png', fullPage: false });

    const pager = page.getByRole('navigation', { name: 'Halaman FAQ' });
    await pager.getByRole('button', { name: 'Halaman 2' }).click();
    await expect(page.getByText(`${MANY} FAQ · halaman 2 dari 2`)).toBeVisible();
    await expect(page.getByTestId('faq-row')).toHaveCount(MANY - 20);
    await expect(pager.getByRole('button', { name: 'Halaman 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Deleting every FAQ of the last page brings the list back to page 1.
    for (let i = 20; i < MANY; i += 1) {
      const question = `${tag} pertanyaan ${i}?`;
      await page.getByRole('button', { name: `Hapus FAQ: ${question}` }).click();
      await expectToast(page, 'FAQ deleted successfully.');
    }
    await expect(page.getByText('20 FAQ · halaman 1 dari 1')).toBeVisible();
    await expect(page.getByTestId('faq-row')).toHaveCount(20);
    await expect(page.getByRole('navigation', { name: 'Halaman FAQ' })).toBeHidden();

    await page.getByLabel('Cari FAQ').fill(`${tag} tidak ada`);
    await expect(page.getByText('Tidak ada FAQ yang cocok dengan pencarian.')).toBeVisible();
  } finally {
    for (const faq of created) await api.delete(`/api/admin/faqs/${faq.id}`);
  }
});

test('popup manager pages on the server, at phone width too', async ({ adminPage: page, api }) => {
  const tag = unique('Kampanye');
  const created: Popup[] = [];
  const now = Date.now();
  for (let i = 0; i < MANY; i += 1) {
    created.push(
      await api.post<Popup>('/api/admin/popups', {
        title: `${tag} ${i}`,
        content: 'Diskon besar hari ini',
        type: 'promo',
        targetUrl: '',
        buttonText: 'Lihat',
        backgroundColor: '#ffffff',
        textColor: '#000000',
        imageUrl: '',
        imagePosition: 'none',
        startDate: new Date(now - 60_000).toISOString(),
        endDate: new Date(now + 86_400_000).toISOString(),
        showOnPages: '*',
        triggerAfterSeconds: 3,
        // Inactive: visitors in the other specs never see them.
        isActive: false,
      }),
    );
  }
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/content?tab=popups');
    await page.getByLabel('Cari popup').fill(tag);
    await expect(page.getByText(`${MANY} popup · halaman 1 dari 2`)).toBeVisible();
    await expect(page.getByTestId('popup-row')).toHaveCount(20);
    // Newest first.
    await expect(page.getByTestId('popup-row').first()).toContainText(`${tag} ${MANY - 1}`);
    const pager = page.getByRole('navigation', { name: 'Halaman popup' });
    await pager.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/scale-popups-390.png', fullPage: false });
    await pager.getByRole('button', { name: 'Halaman berikutnya' }).click();
    await expect(page.getByTestId('popup-row')).toHaveCount(MANY - 20);
    await expect(page.getByTestId('popup-row').last()).toContainText(`${tag} 0`);
  } finally {
    for (const popup of created) await api.delete(`/api/admin/popups/${popup.id}`);
  }
});
