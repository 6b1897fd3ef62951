import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GEO_LOOKUP_URL,
  DEFAULT_IMPORT_MAX_MB,
  geoLookupOrigin,
  loadConfig,
  parseGeoLookupUrl,
} from './config';

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

describe('import size limit', () => {
  const env = { SESSION_SECRET: 'secret', DATA_DIR: '/nonexistent-diskonradar-test' };

  it('defaults to 2,048 MB, far above the export of 1,000,000 products', () => {
    expect(loadConfig(env).importMaxMb).toBe(DEFAULT_IMPORT_MAX_MB);
    expect(DEFAULT_IMPORT_MAX_MB).toBe(2048);
  });

  it('is read from IMPORT_MAX_MB and refuses what is not a whole number of MB', () => {
    expect(loadConfig({ ...env, IMPORT_MAX_MB: '100' }).importMaxMb).toBe(100);
    for (const bad of ['0', '-5', '1.5', 'banyak']) {
      expect(() => loadConfig({ ...env, IMPORT_MAX_MB: bad })).toThrow(/IMPORT_MAX_MB/);
    }
  });
});
