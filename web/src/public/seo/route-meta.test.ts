import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS, publicRoute } from '@shared/public-routes';
import { NAV_DESCRIPTIONS, NOT_FOUND_META, ROUTE_META, staticMeta } from './route-meta';

describe('the page meta of the public routes', () => {
  it('has a title, a description and a nav line for every route of the table, and no other', () => {
    expect(Object.keys(ROUTE_META).sort()).toEqual([...PUBLIC_PATHS].sort());
    expect(Object.keys(NAV_DESCRIPTIONS).sort()).toEqual([...PUBLIC_PATHS].sort());
    for (const path of PUBLIC_PATHS) {
      const meta = staticMeta(path);
      expect(meta.title, path).not.toBe('');
      expect(meta.description, path).not.toBe('');
      expect(meta.path).toBe(path);
      // Only the watchlist (the browser's own list) is kept out of the index.
      expect(meta.noIndex, path).toBe(publicRoute(path)!.indexable ? undefined : true);
    }
  });

  it('answers a path outside the table with the 404 meta, kept out of the index', () => {
    for (const path of ['/kategori/', '/admin', '/nope']) {
      expect(staticMeta(path)).toEqual({ ...NOT_FOUND_META, path });
      expect(staticMeta(path).noIndex).toBe(true);
    }
  });
});
