import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, isMetaTagLike, metaTagProblem, parseMetaTag } from './meta-tag';

describe('parseMetaTag', () => {
  it('reads name and content in double quotes', () => {
    expect(parseMetaTag('<meta name="description" content="Diskon terbaik hari ini">')).toEqual({
      name: 'description',
      property: null,
      content: 'Diskon terbaik hari ini',
    });
  });

  it('reads property in single quotes and a self-closing tag', () => {
    expect(parseMetaTag("<meta property='og:title' content='DiskonRadar' />")).toEqual({
      name: null,
      property: 'og:title',
      content: 'DiskonRadar',
    });
  });

  it('is case-insensitive on the tag and attribute names', () => {
    expect(parseMetaTag('<META NAME="Robots" CONTENT="index, follow">')).toEqual({
      name: 'Robots',
      property: null,
      content: 'index, follow',
    });
  });

  it('decodes entities in values', () => {
    expect(
      parseMetaTag(
        '<meta name="description" content="Tom &amp; Jerry &quot;hemat&quot; &#8211; &#x2764; &lt;b&gt;">',
      )?.content,
    ).toBe('Tom & Jerry "hemat" \u2013 \u2764 <b>');
  });

  it('keeps a > inside a quoted value and reads unquoted values', () => {
    expect(parseMetaTag('<meta name=keywords content="a > b">')).toEqual({
      name: 'keywords',
      property: null,
      content: 'a > b',
    });
  });

  it('takes the first of duplicated attributes and trims surrounding space', () => {
    expect(parseMetaTag('  <meta name="a" name="b" content="x">  ')?.name).toBe('a');
  });

  it('returns null for anything that is not a single meta tag', () => {
    expect(parseMetaTag('')).toBeNull();
    expect(parseMetaTag('hello')).toBeNull();
    expect(parseMetaTag('<title>x</title>')).toBeNull();
    expect(parseMetaTag('<meta name="a" content="b"')).toBeNull();
    expect(parseMetaTag('<metadata name="a">')).toBeNull();
    expect(parseMetaTag('<meta name="a"><script>alert(1)</script>')).toBeNull();
    expect(parseMetaTag('<script>alert(1)</script><meta name="a">')).toBeNull();
    expect(parseMetaTag(null)).toBeNull();
  });
});

describe('isMetaTagLike', () => {
  it('accepts single meta tags', () => {
    expect(isMetaTagLike('<meta charset="utf-8">')).toBe(true);
    expect(isMetaTagLike('<meta name="x" content="y"/>')).toBe(true);
  });

  it('rejects a missing closing bracket or opening tag', () => {
    expect(isMetaTagLike('<meta name="x"')).toBe(false);
    expect(isMetaTagLike('name="x">')).toBe(false);
    expect(isMetaTagLike('<meta name="x" content="unterminated>')).toBe(false);
  });

  it('answers quickly on long hostile input', () => {
    const hostile = `<meta ${'a '.repeat(20000)}`;
    const started = Date.now();
    expect(isMetaTagLike(hostile)).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('decodeHtmlEntities', () => {
  it('leaves unknown or invalid entities alone', () => {
    expect(decodeHtmlEntities('&unknown; &#0; &#xD800; &amp;')).toBe('&unknown; &#0; &#xD800; &');
  });
});

describe('metaTagProblem', () => {
  it('refuses names and attributes that change how the browser behaves', () => {
    expect(metaTagProblem('<meta name="referrer" content="unsafe-url">')).toBe('notAllowed');
    expect(metaTagProblem('<meta http-equiv="refresh" content="0;url=https://x.example">')).toBe(
      'notAllowed',
    );
    expect(metaTagProblem('<meta HTTP-EQUIV="Set-Cookie" content="a=b">')).toBe('notAllowed');
    expect(metaTagProblem('<meta charset="utf-7">')).toBe('notAllowed');
    expect(metaTagProblem('<meta name="Viewport" content="width=10">')).toBe('notAllowed');
    expect(metaTagProblem('<meta name=" color-scheme " content="dark">')).toBe('notAllowed');
    expect(metaTagProblem('<meta content="x">')).toBe('notAllowed');
    expect(metaTagProblem('<meta name="" content="x">')).toBe('notAllowed');
  });

  it('accepts any other name or property: verification tokens, app banners, custom names', () => {
    for (const tag of [
      '<meta name="ahrefs-site-verification" content="f00dfeed">',
      '<meta name="tiktok-developers-site-verification" content="abc123">',
      '<meta name="format-detection" content="telephone=no">',
      '<meta name="apple-itunes-app" content="app-id=123456789">',
      '<meta name="diskonradar-tim" content="Tim promo">',
      '<meta property="al:ios:url" content="diskonradar://promo">',
      '<meta property="fb:app_id" content="1234">',
    ]) {
      expect(metaTagProblem(tag), tag).toBe(null);
    }
  });

  it('wants http(s) addresses in og:* and twitter:*', () => {
    expect(metaTagProblem('<meta property="og:image" content=" JavaScript:alert(1)">')).toBe('url');
    expect(metaTagProblem('<meta property="og:url" content="ftp://x.example/">')).toBe('url');
    expect(metaTagProblem('<meta property="og:image" content="https://x.example/a.png">')).toBe(
      null,
    );
    expect(metaTagProblem('<meta name="Description" content="Hemat">')).toBe(null);
  });
});
