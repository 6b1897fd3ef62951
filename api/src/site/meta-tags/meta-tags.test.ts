import { expect, it } from 'vitest';
import type { MetaTag } from '@shared/types';
import { describeApi } from '../../../test/support/api';

describeApi('meta tags', (api) => {
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
    const empty = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/meta-tags', {
      htmlTag: '',
      pageUrl: '*',
      isActive: true,
    });
    expect(empty.body.errors.htmlTag).toBe('HTML meta tag is required');
    const invalid = await api.admin.post<{ errors: Record<string, string> }>(
      '/api/admin/meta-tags',
      { htmlTag: '<script>alert(1)</script>', pageUrl: '*', isActive: true },
    );
    expect(invalid.body.errors.htmlTag).toBe('Must be a valid HTML meta tag');
    for (const [htmlTag, message] of [
      [
        '<meta http-equiv="refresh" content="0;url=https://evil.example">',
        'This meta tag is not allowed: use a name such as description, keywords, robots or author, or an og:* or twitter:* property',
      ],
      [
        '<meta name="referrer" content="unsafe-url">',
        'This meta tag is not allowed: use a name such as description, keywords, robots or author, or an og:* or twitter:* property',
      ],
      [
        '<meta property="og:image" content="javascript:alert(1)">',
        'og:* and twitter:* URLs must start with http:// or https://',
      ],
    ]) {
      const refused = await api.admin.post<{ errors: Record<string, string> }>(
        '/api/admin/meta-tags',
        { htmlTag, pageUrl: '*', isActive: true },
      );
      expect(refused.status, htmlTag).toBe(400);
      expect(refused.body.errors.htmlTag).toBe(message);
    }
    expect((await api.admin.get<MetaTag[]>('/api/admin/meta-tags')).body.length).toBeGreaterThan(0);
    expect((await api.admin.delete(`/api/admin/meta-tags/${created.body.id}`)).status).toBe(204);
  });
});
