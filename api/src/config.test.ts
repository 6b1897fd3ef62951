import { describe, expect, it } from 'vitest';
import { DEFAULT_GEO_LOOKUP_URL, geoLookupOrigin, loadConfig, parseGeoLookupUrl } from './config';

describe('geolocation settings', () => {
  it('defaults to the public service, can be changed or turned off', () => {
    expect(parseGeoLookupUrl(undefined)).toBe(DEFAULT_GEO_LOOKUP_URL);
    expect(parseGeoLookupUrl('https://geo.example/json')).toBe('https://geo.example/json');
    expect(parseGeoLookupUrl('')).toBe('');
    expect(parseGeoLookupUrl('javascript:alert(1)')).toBe('');
    expect(geoLookupOrigin('https://geo.example/json')).toBe('https://geo.example');
    expect(geoLookupOrigin('')).toBeNull();
  });

  it('is read from GEO_LOOKUP_URL by loadConfig', () => {
    const env = { SESSION_SECRET: 'secret', DATA_DIR: '/nonexistent-diskonradar-test' };
    expect(loadConfig(env).geoLookupUrl).toBe(DEFAULT_GEO_LOOKUP_URL);
    expect(loadConfig({ ...env, GEO_LOOKUP_URL: 'https://geo.example/json' }).geoLookupUrl).toBe(
      'https://geo.example/json',
    );
    expect(loadConfig({ ...env, GEO_LOOKUP_URL: '' }).geoLookupUrl).toBe('');
  });
});

describe('fetch guard settings', () => {
  const env = { SESSION_SECRET: 'secret', DATA_DIR: '/nonexistent-diskonradar-test' };

  it('refuses to start in production with FETCH_ALLOW_PRIVATE=true', () => {
    expect(() =>
      loadConfig({ ...env, NODE_ENV: 'production', FETCH_ALLOW_PRIVATE: 'true' }),
    ).toThrow(/FETCH_ALLOW_PRIVATE=true is for tests only and is refused when NODE_ENV=production/);
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).not.toThrow();
    expect(() =>
      loadConfig({ ...env, NODE_ENV: 'test', FETCH_ALLOW_PRIVATE: 'true' }),
    ).not.toThrow();
  });

  it('refuses a FEED_MAX_MB that is not a positive number', () => {
    expect(() => loadConfig({ ...env, FEED_MAX_MB: '0' })).toThrow(/FEED_MAX_MB/);
  });
});
