import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod jitless mode', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('parses the admin forms without ever constructing a Function (no CSP eval report)', async () => {
    const constructed: string[] = [];
    const RealFunction = Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        construct(target, args: string[]) {
          constructed.push(args.join(','));
          return Reflect.construct(target, args) as object;
        },
      }),
    );
    await import('./zod-jitless');
    const { loginSchema } = await import('@shared/schemas');
    expect(loginSchema.safeParse({ username: 'admin', password: 'secret-123' }).success).toBe(true);
    expect(constructed).toEqual([]);
  });

  it('is the first import of every browser entry', async () => {
    const { readFileSync } = await import('node:fs');
    for (const entry of ['../admin/entry.tsx', '../public/entry-client.tsx']) {
      const source = readFileSync(new URL(entry, import.meta.url), 'utf8');
      expect(source.match(/^import .*$/m)?.[0], entry).toMatch(/zod-jitless/);
    }
  });
});
