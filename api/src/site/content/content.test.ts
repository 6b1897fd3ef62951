import { expect, it } from 'vitest';
import type { ContentBlock } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { unique } from '../../../test/support/fixtures';

type Refusal = { errors: Record<string, string> };

describeApi('content', (api) => {
  /** Saves a block as the admin's forms do: `data` is JSON text, an object is sent as such. */
  const save = <Body = ContentBlock>(key: string, title: string, data: unknown, isActive = true) =>
    api.admin.put<Body>(`/api/admin/content/${key}`, {
      key,
      title,
      data: typeof data === 'string' ? data : JSON.stringify(data),
      isActive,
    });

  /** Saves a block the forms must refuse: 400, and the messages of its fields. */
  const refusalMessages = async (key: string, title: string, data: unknown) => {
    const res = await save<Refusal>(key, title, data);
    expect(res.status).toBe(400);
    return Object.values(res.body.errors);
  };

  it('updates contact content and validates it with the spec messages', async () => {
    const current = await api.admin.get<ContentBlock>('/api/admin/content/contact_us');
    const data = JSON.parse(current.body.data) as Record<string, unknown>;
    const ok = await save('contact_us', 'Hubungi Kami', { ...data, phone: '+62 21 555 0000' });
    expect(ok.status).toBe(200);
    const publicView = await api.visitor.get<ContentBlock>('/api/content/contact_us');
    expect(JSON.parse(publicView.body.data).phone).toBe('+62 21 555 0000');
    const messages = await refusalMessages('contact_us', 'Hubungi Kami', {
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
    });
    expect(messages).toEqual(
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
    const notJson = await save('contact_us', 'x', '{nope');
    expect(notJson.status).toBe(400);
  });

  it('validates the hero form and hides inactive content from visitors', async () => {
    const messages = await refusalMessages('homepage_hero', 'Hero', {
      mainTitle: '',
      subtitle: '',
      ctaText: '',
      backgroundImage: 'nope',
      platforms: '',
    });
    expect(messages).toEqual(
      expect.arrayContaining([
        'Main title is required',
        'Subtitle is required',
        'CTA text is required',
        'Invalid image URL',
        'Platforms are required',
      ]),
    );
    const key = `custom_${unique()}`;
    const created = await save(key, 'Custom', '{"a":1}', false);
    expect(created.status).toBe(201);
    expect((await api.visitor.get(`/api/content/${key}`)).status).toBe(404);
    const all = await api.admin.get<ContentBlock[]>('/api/admin/content');
    expect(all.body.some((b) => b.key === key)).toBe(true);
  });

  it('answers the object machinery names as keys with 400, never 500', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await save<Refusal>(key, 'x', '{"a":1}');
      expect(res.status, key).toBe(400);
      expect(res.body.errors.key).toBe('This key is reserved');
      expect((await api.admin.get(`/api/admin/content/${key}`)).status).toBe(404);
    }
  });
});
