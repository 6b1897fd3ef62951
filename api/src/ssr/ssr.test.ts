import { describe, expect, it } from 'vitest';
import { buildDocument } from './renderer';
import { robotsTxt } from './seo-files';

describe('buildDocument', () => {
  it('fills the template and appends the state as inert JSON', () => {
    const template =
      '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';
    const html = buildDocument(template, {
      head: '<title>$& $1</title>',
      html: '<main>Halo</main>',
      state: '{"a":"\\u003c/script>"}',
      status: 200,
    });
    // Replacement patterns like $& in page text are kept literally.
    expect(html).toContain('<title>$& $1</title>');
    expect(html).toContain('<div id="root"><main>Halo</main></div>');
    expect(html).toContain(
      '<script type="application/json" id="dr-state">{"a":"\\u003c/script>"}</script>\n  </body>',
    );
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of the admin and the API and points at the sitemap', () => {
    const text = robotsTxt('https://diskonradar.id');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Sitemap: https://diskonradar.id/sitemap.xml');
  });
});
