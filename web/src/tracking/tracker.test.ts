import { describe, expect, it } from 'vitest';
import { pageviewMessageSchema } from '@shared/schemas/tracking';
import { landingFields, landingFor, scrollDepth, sessionIdFor } from './tracker';

describe('scrollDepth', () => {
  it('is the share of the page seen, capped at 100', () => {
    expect(scrollDepth(0, 800, 4000)).toBe(20);
    expect(scrollDepth(1200, 800, 4000)).toBe(50);
    expect(scrollDepth(5000, 800, 4000)).toBe(100);
    expect(scrollDepth(0, 800, 0)).toBe(100);
  });
});

describe('sessionIdFor', () => {
  it('keeps one id per tab session and makes a valid new one', () => {
    const values = new Map<string, string>();
    const store = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    } as unknown as Storage;
    const id = sessionIdFor(store);
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(sessionIdFor(store)).toBe(id);
    values.set('dr_session_id', '<bad id>');
    expect(sessionIdFor(store)).not.toBe('<bad id>');
    expect(sessionIdFor(null)).toMatch(/^[a-f0-9]{32}$/);
  });
});

describe('landingFields', () => {
  it('carries the referrer and the landing address utm values, accepted by the server', () => {
    const fields = landingFields(
      'https://diskonradar.id/p/x?utm_source=tiktok&utm_medium=video&utm_campaign=harbolnas',
      'https://www.tiktok.com/@toko',
      false,
    );
    expect(fields).toEqual({
      landing: true,
      referrer: 'https://www.tiktok.com/@toko',
      utmSource: 'tiktok',
      utmMedium: 'video',
      utmCampaign: 'harbolnas',
    });
    const message = pageviewMessageSchema.parse({
      type: 'pageview',
      sessionId: 'abc',
      path: '/p/x',
      timestamp: Date.now(),
      ...fields,
    });
    expect(message).toMatchObject({ landing: true, utmCampaign: 'harbolnas' });
  });

  it('says an automated browser is one, and works without utm values', () => {
    expect(landingFields('https://diskonradar.id/', '', true)).toEqual({
      landing: true,
      referrer: '',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      webdriver: true,
    });
  });
});

describe('landingFor', () => {
  function memoryStore(): Storage {
    const data = new Map<string, string>();
    return {
      get length() {
        return data.size;
      },
      clear: () => data.clear(),
      getItem: (key) => data.get(key) ?? null,
      key: (i) => [...data.keys()][i] ?? null,
      removeItem: (key) => void data.delete(key),
      setItem: (key, value) => void data.set(key, value),
    };
  }

  it('repeats the landing page of the visit on later page views, so a lost first one costs nothing', () => {
    const store = memoryStore();
    const first = landingFor(store, 's1', () =>
      landingFields('https://diskonradar.id/?utm_campaign=harbolnas', '', false),
    );
    const later = landingFor(store, 's1', () =>
      landingFields('https://diskonradar.id/?produk=1', '', false),
    );
    expect(later).toEqual(first);
    expect(later).toMatchObject({ utmCampaign: 'harbolnas' });
  });

  it('starts again for a new visit and replaces a value it did not write', () => {
    const store = memoryStore();
    landingFor(store, 's1', () => landingFields('https://diskonradar.id/?utm_source=a', '', false));
    const next = landingFor(store, 's2', () =>
      landingFields('https://diskonradar.id/?utm_source=b', '', false),
    );
    expect(next).toMatchObject({ utmSource: 'b' });
    store.setItem('dr_landing', '{not json');
    expect(
      landingFor(store, 's2', () =>
        landingFields('https://diskonradar.id/?utm_source=c', '', false),
      ),
    ).toMatchObject({ utmSource: 'c' });
  });
});
