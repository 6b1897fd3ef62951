import { describe, expect, it } from 'vitest';
import { mediaSrc, safeHref } from './urls';

describe('mediaSrc', () => {
  it('keeps http(s) addresses', () => {
    expect(mediaSrc('https://cdn.example/a.jpg', '')).toBe('https://cdn.example/a.jpg');
  });
  it('resolves site paths against the API server', () => {
    expect(mediaSrc('/media/p.webp', '')).toBe('/media/p.webp');
    expect(mediaSrc('/media/p.webp', 'http://server:3000/')).toBe(
      'http://server:3000/media/p.webp',
    );
  });
  it('drops anything else', () => {
    expect(mediaSrc('javascript:alert(1)', '')).toBeUndefined();
    expect(mediaSrc('//evil.example/x.png', '')).toBeUndefined();
    expect(mediaSrc('data:image/png;base64,AAAA', '')).toBeUndefined();
    expect(mediaSrc('', '')).toBeUndefined();
  });
});

describe('safeHref', () => {
  it('links only http(s)', () => {
    expect(safeHref('https://shopee.co.id/x')).toBe('https://shopee.co.id/x');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('/relative')).toBeUndefined();
  });
});
