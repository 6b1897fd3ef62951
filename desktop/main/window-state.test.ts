import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreBounds, routeFromAppUrl, WindowStateStore, type Rectangle } from './window-state';

const laptop: Rectangle = { x: 0, y: 0, width: 1440, height: 870 };
const monitorRight: Rectangle = { x: 1440, y: 0, width: 2560, height: 1400 };

describe('restoreBounds', () => {
  it('keeps a place on a screen that exists, on any of them', () => {
    const onLaptop = { x: 100, y: 50, width: 1000, height: 700 };
    expect(restoreBounds(onLaptop, [laptop], laptop)).toEqual(onLaptop);
    const onMonitor = { x: 1600, y: 100, width: 1800, height: 1000 };
    expect(restoreBounds(onMonitor, [laptop, monitorRight], laptop)).toEqual(onMonitor);
  });

  it('centres the default size on the primary screen when that screen is gone', () => {
    const onMonitor = { x: 1600, y: 100, width: 1800, height: 1000 };
    expect(restoreBounds(onMonitor, [laptop], laptop)).toEqual({
      x: 80,
      y: 35,
      width: 1280,
      height: 800,
    });
  });

  it('does not keep a window that only grazes a screen or hides its title bar', () => {
    const sliver = { x: 1400, y: 100, width: 1000, height: 700 };
    expect(restoreBounds(sliver, [laptop], laptop).x).toBe(80);
    const titleAbove = { x: 100, y: -200, width: 1000, height: 700 };
    expect(restoreBounds(titleAbove, [laptop], laptop).y).toBe(35);
  });

  it('shrinks a window larger than its screen, and fits the default to a small screen', () => {
    expect(restoreBounds({ x: 0, y: 0, width: 3000, height: 2000 }, [laptop], laptop)).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 870,
    });
    const small = { x: 0, y: 0, width: 1024, height: 700 };
    expect(restoreBounds(null, [small], small)).toEqual({ x: 0, y: 0, width: 1024, height: 700 });
  });
});

describe('WindowStateStore', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the latest state once, reads it back, and drops a route that is not an admin path', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'window-state-'));
    const store = new WindowStateStore(dir, { delayMs: 10_000 });
    expect(await store.load()).toBeNull();
    const fallback = {
      bounds: { x: 0, y: 0, width: 1280, height: 800 },
      maximized: false,
      route: null,
    };
    store.update({ bounds: { x: 10, y: 20, width: 1000, height: 700 } }, fallback);
    store.update({ maximized: true, route: '/products?links=broken' }, fallback);
    await store.flush();
    const again = new WindowStateStore(dir);
    expect(await again.load()).toEqual({
      bounds: { x: 10, y: 20, width: 1000, height: 700 },
      maximized: true,
      route: '/products?links=broken',
    });

    const written = JSON.parse(await readFile(store.file, 'utf8'));
    await writeFile(store.file, JSON.stringify({ ...written, route: '/../../etc' }));
    expect((await again.load())?.route).toBeNull();
    await writeFile(store.file, '{broken');
    expect(await again.load()).toBeNull();
  });
});

describe('routeFromAppUrl', () => {
  it('reads the admin screen from the hash of the app address only', () => {
    const origin = 'app://admin';
    expect(routeFromAppUrl('app://admin/index.html#/products?links=broken', origin)).toBe(
      '/products?links=broken',
    );
    expect(routeFromAppUrl('app://admin/index.html#/desktop', origin)).toBe('/desktop');
    expect(routeFromAppUrl('app://admin/index.html#/login', origin)).toBeNull();
    expect(routeFromAppUrl('app://admin/index.html', origin)).toBeNull();
    expect(routeFromAppUrl('https://evil.example/#/products', origin)).toBeNull();
  });
});
