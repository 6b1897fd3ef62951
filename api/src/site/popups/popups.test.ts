import { expect, it } from 'vitest';
import type { Popup } from '@shared/types';
import { describeApi } from '../../../test/support/api';
import { validPopup } from '../../../test/support/fixtures';

describeApi('popups', (api) => {
  it('creates popups with defaults and shows visitors only those in schedule for the page', async () => {
    const live = await api.admin.post<Popup>('/api/admin/popups', validPopup());
    expect(live.status).toBe(201);
    expect(live.body).toMatchObject({ buttonText: 'Learn More', triggerAfterSeconds: 3 });
    const future = await api.admin.post<Popup>('/api/admin/popups', {
      ...validPopup(),
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const otherPage = await api.admin.post<Popup>('/api/admin/popups', {
      ...validPopup(),
      showOnPages: '/kategori',
    });
    const disabled = await api.admin.post<Popup>('/api/admin/popups', {
      ...validPopup(),
      isActive: false,
    });
    const home = await api.visitor.get<Popup[]>(
      `/api/popups/active?url=${encodeURIComponent(`${api.url}/`)}`,
    );
    const ids = home.body.map((p) => p.id);
    expect(ids).toContain(live.body.id);
    expect(ids).not.toContain(future.body.id);
    expect(ids).not.toContain(otherPage.body.id);
    expect(ids).not.toContain(disabled.body.id);
    const kategori = await api.visitor.get<Popup[]>('/api/popups/active?url=/kategori');
    expect(kategori.body.map((p) => p.id)).toContain(otherPage.body.id);
    // The admin's page choices use the original names: '/categories' is /kategori here.
    const aliased = await api.admin.post<Popup>('/api/admin/popups', {
      ...validPopup(),
      showOnPages: '/categories',
    });
    const kategoriAgain = await api.visitor.get<Popup[]>('/api/popups/active?url=/kategori');
    expect(kategoriAgain.body.map((p) => p.id)).toContain(aliased.body.id);
    const contact = await api.visitor.get<Popup[]>('/api/popups/active?url=/contact');
    expect(contact.body.map((p) => p.id)).not.toContain(aliased.body.id);
    // Without a page, every popup in schedule applies (the e2e fixtures ask this way).
    const anyPage = await api.visitor.get<Popup[]>('/api/popups/active');
    expect(anyPage.status).toBe(200);
    expect(anyPage.body.map((p) => p.id)).toEqual(
      expect.arrayContaining([live.body.id, otherPage.body.id, aliased.body.id]),
    );
    const updated = await api.admin.put<Popup>(`/api/admin/popups/${live.body.id}`, {
      ...validPopup(),
      title: 'Diubah',
    });
    expect(updated.body.title).toBe('Diubah');
    expect((await api.admin.get<Popup[]>('/api/admin/popups')).body.length).toBeGreaterThanOrEqual(
      4,
    );
    expect((await api.admin.delete(`/api/admin/popups/${live.body.id}`)).status).toBe(204);
  });

  it('gives a popup created without dates the default campaign: from now, for 7 days', async () => {
    const { startDate: _start, endDate: _end, ...undated } = validPopup();
    const before = Date.now();
    const res = await api.admin.post<Popup>('/api/admin/popups', undated);
    const after = Date.now();
    expect(res.status).toBe(201);
    const start = new Date(res.body.startDate).getTime();
    const end = new Date(res.body.endDate).getTime();
    // Stored times may lose their milliseconds on one engine: allow one second either side.
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(after + 1000);
    expect(end - start).toBe(7 * 86_400_000);
    // A campaign running now is shown to visitors at once.
    const active = await api.visitor.get<Popup[]>('/api/popups/active?url=/');
    expect(active.body.map((p) => p.id)).toContain(res.body.id);

    // Null or blank dates count as left out; a start alone runs the 7 days after it.
    const blank = await api.admin.post<Popup>('/api/admin/popups', {
      ...undated,
      startDate: null,
      endDate: '',
    });
    expect(blank.status).toBe(201);
    const startOnly = await api.admin.post<Popup>('/api/admin/popups', {
      ...undated,
      startDate: '2030-01-01T00:00:00.000Z',
    });
    expect(startOnly.status).toBe(201);
    expect(new Date(startOnly.body.endDate).toISOString()).toBe('2030-01-08T00:00:00.000Z');

    // A date that is there but wrong is still refused with the schema's message.
    const wrong = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/popups', {
      ...undated,
      startDate: 'besok',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.startDate).toBe('Start date must be a valid date');
    // An update still needs its dates, so it never moves a running campaign silently.
    const update = await api.admin.put<{ errors: Record<string, string> }>(
      `/api/admin/popups/${res.body.id}`,
      undated,
    );
    expect(update.status).toBe(400);
    expect(update.body.errors.startDate).toBe('Start date must be a valid date');
  });

  it('gives the popup messages of spec section 5', async () => {
    const res = await api.admin.post<{ errors: Record<string, string> }>('/api/admin/popups', {
      ...validPopup(),
      title: '',
      content: '',
      type: 'spam',
      targetUrl: 'javascript:alert(1)',
      triggerAfterSeconds: 61,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      title: 'Popup title is required',
      content: 'Popup content is required',
      targetUrl: 'Invalid target URL',
    });
    expect(res.body.errors.type).toEqual(expect.any(String));
    expect(res.body.errors.triggerAfterSeconds).toEqual(expect.any(String));
  });
});
