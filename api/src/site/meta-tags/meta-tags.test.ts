import { expect, it } from 'vitest';
import type { MetaTag } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { activeMetaTagsFor } from './queries';

const NOT_ALLOWED =
  'Meta tag ini tidak diizinkan: tag perlu atribut name atau property, dan http-equiv, charset serta name referrer, viewport atau color-scheme tidak boleh dipakai karena mengubah cara browser memuat halaman';

describeApi('meta tags', (api) => {
  /** The answer to adding an active `htmlTag` for every page. */
  const addOnEveryPage = (htmlTag: string) =>
    api.admin.post<{ errors: Record<string, string> }>('/api/admin/meta-tags', {
      htmlTag,
      pageUrl: '*',
      isActive: true,
    });

  it('parses tags on the server and validates them', async () => {
    const created = await api.admin.post<MetaTag>('/api/admin/meta-tags', {
      htmlTag: '<meta property="og:title" content="Diskon &amp; Promo">',
      pageUrl: '/',
      isActive: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      parsedProperty: 'og:title',
      parsedContent: 'Diskon & Promo',
      parsedName: null,
    });
    const updated = await api.admin.put<MetaTag>(`/api/admin/meta-tags/${created.body.id}`, {
      htmlTag: "<meta name='description' content='Hemat'>",
      pageUrl: '*',
      isActive: false,
    });
    expect(updated.body).toMatchObject({ parsedName: 'description', isActive: false });
    const empty = await addOnEveryPage('');
    expect(empty.body.errors.htmlTag).toBe('HTML meta tag is required');
    const invalid = await addOnEveryPage('<script>alert(1)</script>');
    expect(invalid.body.errors.htmlTag).toBe('Must be a valid HTML meta tag');
    for (const [htmlTag, message] of [
      ['<meta http-equiv="refresh" content="0;url=https://evil.example">', NOT_ALLOWED],
      ['<meta name="referrer" content="unsafe-url">', NOT_ALLOWED],
      [
        '<meta property="og:image" content="javascript:alert(1)">',
        'og:* and twitter:* URLs must start with http:// or https://',
      ],
    ] as const) {
      const refused = await addOnEveryPage(htmlTag);
      expect(refused.status, htmlTag).toBe(400);
      expect(refused.body.errors.htmlTag).toBe(message);
    }
    expect((await api.admin.get<MetaTag[]>('/api/admin/meta-tags')).body.length).toBeGreaterThan(0);
    expect((await api.admin.delete(`/api/admin/meta-tags/${created.body.id}`)).status).toBe(204);
  });

  it('accepts ordinary tags of any name or property, and refuses the ones that act on the page', async () => {
    const accepted = [
      '<meta name="ahrefs-site-verification" content="f00dfeed">',
      '<meta name="tiktok-developers-site-verification" content="abc123">',
      '<meta name="format-detection" content="telephone=no">',
      '<meta name="apple-itunes-app" content="app-id=123456789, app-argument=https://diskonradar.id/">',
      `<meta name='tim "promo"' content='Tim <b>DR</b> &amp; kawan'>`,
    ];
    for (const htmlTag of accepted) {
      const res = await api.admin.post<MetaTag>('/api/admin/meta-tags', {
        htmlTag,
        pageUrl: '/kategori',
        isActive: true,
      });
      expect(res.status, htmlTag).toBe(201);
    }
    const custom = (await api.admin.get<MetaTag[]>('/api/admin/meta-tags')).body.find(
      (tag) => tag.parsedName === 'tim "promo"',
    );
    expect(custom?.parsedContent).toBe('Tim <b>DR</b> & kawan');
    // What the page render receives for the path: all five, parsed (the page escapes them).
    const onPage = await activeMetaTagsFor(api.server.running.db, '/kategori');
    expect(onPage.map((tag) => tag.parsedName)).toEqual([
      'ahrefs-site-verification',
      'tiktok-developers-site-verification',
      'format-detection',
      'apple-itunes-app',
      'tim "promo"',
    ]);
    for (const htmlTag of [
      '<meta name="viewport" content="width=10">',
      '<meta name="COLOR-SCHEME" content="dark">',
      '<meta charset="utf-7">',
      '<meta http-equiv="content-security-policy" content="default-src *">',
    ]) {
      const refused = await addOnEveryPage(htmlTag);
      expect(refused.status, htmlTag).toBe(400);
      expect(refused.body.errors.htmlTag, htmlTag).toBe(NOT_ALLOWED);
    }
  });
});
