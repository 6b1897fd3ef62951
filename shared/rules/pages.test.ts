import { describe, expect, it } from 'vitest';
import { pageTargets } from './pages';

describe('pageTargets', () => {
  it('maps the admin page names onto the site routes', () => {
    expect(pageTargets('/')).toEqual(['/', '/products']);
    expect(pageTargets('/kategori')).toEqual(['/kategori', '/categories']);
    expect(pageTargets('/tentang')).toEqual(['/tentang', '/about']);
  });

  it('leaves other paths as they are', () => {
    expect(pageTargets('/contact')).toEqual(['/contact']);
  });
});
