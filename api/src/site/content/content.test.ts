import { expect, it } from 'vitest';
import type { ContentBlock } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { unique } from '../../../test/support/fixtures';

describeApi('content', (api) => {
  it('updates contact content and validates it with the spec messages', async () => {
    const current = await api.admin.get<ContentBlock>('/api/admin/content/contact_us');
    const data = JSON.parse(current.body.data) as Record<string, unknown>;
    const ok = await api.admin.put<ContentBlock>('/api/admin/content/contact_us', {
      key: 'contact_us',
      title: 'Hubungi Kami',
      data: JSON.stringify({ ...data, phone: '+62 21 555 0000' }),
      isActive: true,
    });
    expect(ok.status).toBe(200);
    const publicView = await api.visitor.get<ContentBlock>('/api/content/contact_us');
    expect(JSON.parse(publicView.body.data).phone).toBe('+62 21 555 0000');
    const bad = await api.admin.put<{ errors: Record<string, string> }>(
      '/api/admin/content/contact_us',
      {
        key: 'contact_us',
        title: 'Hubungi Kami',
        data: JSON.stringify({
          companyName: '',
          address: '',
          phone: '',
          email: 'nope',
          whatsapp: '',
          description: '',
          businessHours: { weekdays: '', weekend: '' },
          socialMedia: {
            facebook: 'x',
            instagram: 'javascript:alert(1)',
            twitter: 'y',
            youtube: 'z',
          },
        }),
        isActive: true,
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.values(bad.body.errors)).toEqual(
      expect.arrayContaining([
        'Company name is required',
        'Address is required',
        'Phone is required',
        'Invalid email format',
        'WhatsApp number is required',
        'Description is required',
        'Weekdays hours required',
        'Weekend hours required',
        'Invalid Facebook URL',
        'Invalid Instagram URL',
        'Invalid Twitter URL',
        'Invalid YouTube URL',
      ]),
    );
    const notJson = await api.admin.put('/api/admin/content/contact_us', {
      key: 'contact_us',
      title: 'x',
      data: '{nope',
      isActive: true,
    });
    expect(notJson.status).toBe(400);
  });

  it('validates the hero form and hides inactive content from visitors', async () => {
    const bad = await api.admin.put<{ errors: Record<string, string> }>(
      '/api/admin/content/homepage_hero',
      {
        key: 'homepage_hero',
        title: 'Hero',
        data: JSON.stringify({
          mainTitle: '',
          subtitle: '',
          ctaText: '',
          backgroundImage: 'nope',
          platforms: '',
        }),
        isActive: true,
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.values(bad.body.errors)).toEqual(
      expect.arrayContaining([
        'Main title is required',
        'Subtitle is required',
        'CTA text is required',
        'Invalid image URL',
        'Platforms are required',
      ]),
    );
    const key = `custom_${unique()}`;
    const created = await api.admin.put<ContentBlock>(`/api/admin/content/${key}`, {
      key,
      title: 'Custom',
      data: '{"a":1}',
      isActive: false,
    });
    expect(created.status).toBe(201);
    expect((await api.visitor.get(`/api/content/${key}`)).status).toBe(404);
    const all = await api.admin.get<ContentBlock[]>('/api/admin/content');
    expect(all.body.some((b) => b.key === key)).toBe(true);
  });

  it('answers the object machinery names as keys with 400, never 500', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await api.admin.put<{ errors: Record<string, string> }>(
        `/api/admin/content/${key}`,
        { key, title: 'x', data: '{"a":1}', isActive: true },
      );
      expect(res.status, key).toBe(400);
      expect(res.body.errors.key).toBe('This key is reserved');
      expect((await api.admin.get(`/api/admin/content/${key}`)).status).toBe(404);
    }
  });
});
