import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEFAULT_HERO_BACKGROUND } from '../constants';
import {
  categorySchema,
  contactContentSchema,
  contentUpdateSchema,
  defaultPopupValues,
  eventMessageSchema,
  faqSchema,
  heroContentSchema,
  loginSchema,
  metaTagSchema,
  pageviewMessageSchema,
  platformLinkCreateSchema,
  platformLinkUpdateSchema,
  popupSchema,
  productImageSchema,
  productImageUpdateSchema,
  productSchema,
  sessionMessageSchema,
  TRACKING_EVENT_TYPES,
  trackingMessageSchema,
  zodErrorToFields,
} from './index';

/** Field path -> first message, or {} when the input is valid. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : zodErrorToFields(result.error).errors;
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return schema.parse(input);
}

describe('loginSchema', () => {
  it('requires username and password', () => {
    expect(errorsOf(loginSchema, { username: '  ', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(errorsOf(loginSchema, {})).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('trims the username but keeps the password as typed', () => {
    expect(parse(loginSchema, { username: ' admin ', password: ' pw ' })).toEqual({
      username: 'admin',
      password: ' pw ',
    });
  });
});

describe('categorySchema', () => {
  const valid = {
    name: 'Fashion Pria',
    slug: 'fashion-pria',
    icon: 'ShirtIcon',
    color: 'text-blue-500',
    group: 'Fashion & Beauty',
  };

  it('accepts a complete category', () => {
    expect(parse(categorySchema, valid)).toEqual(valid);
  });

  it('uses the Indonesian message for every empty field', () => {
    expect(
      errorsOf(categorySchema, { name: '', slug: ' ', icon: '', color: '', group: '' }),
    ).toEqual({
      name: 'Nama kategori harus diisi',
      slug: 'Slug harus diisi',
      icon: 'Icon harus diisi',
      color: 'Warna harus diisi',
      group: 'Grup harus diisi',
    });
  });

  it('lowercases slugs and rejects ones that do not fit in an address', () => {
    expect(parse(categorySchema, { ...valid, slug: 'Fashion-Pria' }).slug).toBe('fashion-pria');
    expect(errorsOf(categorySchema, { ...valid, slug: 'fashion pria' })).toEqual({
      slug: 'Slug hanya boleh berisi huruf kecil, angka dan tanda hubung',
    });
  });

  it('caps lengths', () => {
    expect(errorsOf(categorySchema, { ...valid, name: 'x'.repeat(101) })).toEqual({
      name: 'Maksimal 100 karakter',
    });
  });
});

describe('productSchema', () => {
  const valid = {
    categoryId: 'c0a80101-0000-4000-8000-000000000001',
    title: 'Sepatu Lari',
    description: 'Ringan',
    imageUrl: 'https://img.example.com/a.jpg',
    discountPercentage: 35,
    platforms: ['Shopee'],
  };

  it('applies the spec defaults', () => {
    expect(parse(productSchema, valid)).toEqual({
      ...valid,
      imageUrls: [],
      videoUrl: undefined,
      mediaType: 'default',
      badgeText: undefined,
      badgeColor: 'green',
      isActive: true,
      isFeaturedPromo: false,
      isFeaturedPopular: false,
      featuredOrder: 0,
    });
  });

  it('reports every required field with its message', () => {
    expect(errorsOf(productSchema, { imageUrls: [] })).toEqual({
      categoryId: 'Kategori harus dipilih',
      title: 'Judul produk harus diisi',
      description: 'Deskripsi harus diisi',
      imageUrl: 'URL gambar tidak valid',
      discountPercentage: 'Diskon harus berupa angka bulat 0 sampai 100',
      platforms: 'Minimal pilih 1 platform',
    });
  });

  it('accepts an integer category id and returns it as a string', () => {
    expect(parse(productSchema, { ...valid, categoryId: 7 }).categoryId).toBe('7');
    expect(errorsOf(productSchema, { ...valid, categoryId: 1.5 })).toEqual({
      categoryId: 'Kategori harus dipilih',
    });
    expect(errorsOf(productSchema, { ...valid, categoryId: '  ' })).toEqual({
      categoryId: 'Kategori harus dipilih',
    });
  });

  it('requires at least one platform and only known ones', () => {
    expect(errorsOf(productSchema, { ...valid, platforms: [] })).toEqual({
      platforms: 'Minimal pilih 1 platform',
    });
    expect(errorsOf(productSchema, { ...valid, platforms: ['eBay'] })).toEqual({
      'platforms.0': 'Platform tidak valid',
    });
    expect(
      parse(productSchema, { ...valid, platforms: ['Shopee', 'Shopee', 'TikTok'] }).platforms,
    ).toEqual(['Shopee', 'TikTok']);
  });

  it('coerces a numeric discount string and rejects empty or garbage', () => {
    expect(parse(productSchema, { ...valid, discountPercentage: '45' }).discountPercentage).toBe(
      45,
    );
    expect(parse(productSchema, { ...valid, discountPercentage: ' 0 ' }).discountPercentage).toBe(
      0,
    );
    expect(parse(productSchema, { ...valid, discountPercentage: 100 }).discountPercentage).toBe(
      100,
    );
    for (const bad of [
      '',
      '  ',
      'abc',
      '12abc',
      '1e2',
      '0x10',
      101,
      -1,
      12.5,
      null,
      true,
      Number.NaN,
    ]) {
      expect(errorsOf(productSchema, { ...valid, discountPercentage: bad })).toEqual({
        discountPercentage: 'Diskon harus berupa angka bulat 0 sampai 100',
      });
    }
  });

  it('validates the main image URL, http(s) only', () => {
    for (const bad of [
      '',
      'not a url',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/a.jpg',
    ]) {
      expect(errorsOf(productSchema, { ...valid, imageUrl: bad })).toEqual({
        imageUrl: 'URL gambar tidak valid',
      });
    }
    expect(
      errorsOf(productSchema, { ...valid, imageUrl: `https://x.com/${'a'.repeat(2100)}` }),
    ).toEqual({
      imageUrl: 'URL gambar tidak valid',
    });
  });

  it('drops blank image variations and checks the rest where they were typed', () => {
    expect(
      parse(productSchema, {
        ...valid,
        imageUrls: [
          '',
          'https://img.example.com/1.jpg',
          '  ',
          null,
          'https://img.example.com/2.jpg',
        ],
      }).imageUrls,
    ).toEqual(['https://img.example.com/1.jpg', 'https://img.example.com/2.jpg']);
    expect(errorsOf(productSchema, { ...valid, imageUrls: ['', 'javascript:alert(1)'] })).toEqual({
      'imageUrls.1': 'Invalid image URL',
    });
  });

  it('drops an empty video URL and badge text, and rejects a bad video URL', () => {
    const parsed = parse(productSchema, { ...valid, videoUrl: '  ', badgeText: '' });
    expect(parsed.videoUrl).toBeUndefined();
    expect(parsed.badgeText).toBeUndefined();
    expect('videoUrl' in parsed && parsed.videoUrl !== undefined).toBe(false);
    expect(
      parse(productSchema, { ...valid, videoUrl: null, badgeText: null }).videoUrl,
    ).toBeUndefined();
    expect(parse(productSchema, { ...valid, badgeText: ' Best Seller ' }).badgeText).toBe(
      'Best Seller',
    );
    expect(errorsOf(productSchema, { ...valid, videoUrl: 'javascript:alert(1)' })).toEqual({
      videoUrl: 'URL video tidak valid',
    });
  });

  it('accepts only known media types and badge colours', () => {
    expect(parse(productSchema, { ...valid, mediaType: 'both', badgeColor: 'pink' })).toMatchObject(
      {
        mediaType: 'both',
        badgeColor: 'pink',
      },
    );
    expect(errorsOf(productSchema, { ...valid, mediaType: 'gif', badgeColor: 'black' })).toEqual({
      mediaType: 'Tipe media tidak valid',
      badgeColor: 'Warna badge tidak valid',
    });
  });

  it('requires real booleans', () => {
    expect(errorsOf(productSchema, { ...valid, isActive: 'true' })).toEqual({
      isActive: 'Status aktif harus berupa true atau false',
    });
    expect(parse(productSchema, { ...valid, isActive: false }).isActive).toBe(false);
  });

  it('caps text lengths', () => {
    expect(errorsOf(productSchema, { ...valid, title: 'x'.repeat(201) })).toEqual({
      title: 'Maksimal 200 karakter',
    });
    expect(errorsOf(productSchema, { ...valid, description: 'x'.repeat(5001) })).toEqual({
      description: 'Maksimal 5000 karakter',
    });
  });
});

describe('platform link schemas', () => {
  const valid = {
    productId: 'p1',
    platform: 'Tokopedia',
    affiliateUrl: 'https://tokopedia.link/abc',
    price: 'Rp 1.299.000',
  };

  it('requires platform, affiliate URL and price on create', () => {
    expect(parse(platformLinkCreateSchema, valid)).toEqual(valid);
    expect(
      errorsOf(platformLinkCreateSchema, {
        productId: '',
        platform: '',
        affiliateUrl: '',
        price: ' ',
      }),
    ).toEqual({
      productId: 'Produk harus dipilih',
      platform: 'Platform harus dipilih',
      affiliateUrl: 'URL afiliasi tidak valid',
      price: 'Harga harus diisi',
    });
  });

  it('rejects non-http affiliate URLs', () => {
    expect(
      errorsOf(platformLinkCreateSchema, { ...valid, affiliateUrl: 'javascript:alert(1)' }),
    ).toEqual({
      affiliateUrl: 'URL afiliasi tidak valid',
    });
  });

  it('takes an optional whole-rupiah priceValue', () => {
    expect(parse(platformLinkCreateSchema, { ...valid, priceValue: 1_299_000 })).toEqual({
      ...valid,
      priceValue: 1_299_000,
    });
    expect(parse(platformLinkCreateSchema, { ...valid, priceValue: '99000' }).priceValue).toBe(
      99_000,
    );
    expect(parse(platformLinkCreateSchema, { ...valid, priceValue: null }).priceValue).toBeNull();
    for (const priceValue of [-1, 1.5, 'Rp 10', 100_000_000_001]) {
      expect(errorsOf(platformLinkCreateSchema, { ...valid, priceValue })).toEqual({
        priceValue: 'Harga angka tidak valid',
      });
    }
  });

  it('allows clearing the price on update', () => {
    const { productId: _productId, ...update } = valid;
    expect(parse(platformLinkUpdateSchema, { ...update, price: '' })).toEqual({
      ...update,
      price: '',
    });
    expect(errorsOf(platformLinkUpdateSchema, { ...update, platform: 'Amazon' })).toEqual({
      platform: 'Platform harus dipilih',
    });
  });
});

describe('contentUpdateSchema', () => {
  it('requires key, title and JSON data; isActive defaults to true', () => {
    expect(
      parse(contentUpdateSchema, { key: 'contact_us', title: 'Contact', data: '{"a":1}' }),
    ).toEqual({ key: 'contact_us', title: 'Contact', data: '{"a":1}', isActive: true });
    expect(
      errorsOf(contentUpdateSchema, { key: '', title: '', data: '{oops', isActive: 'yes' }),
    ).toEqual({
      key: 'Key is required',
      title: 'Title is required',
      data: 'Data must be valid JSON',
      isActive: 'isActive must be true or false',
    });
  });

  it('refuses the names of the object machinery as keys', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      expect(errorsOf(contentUpdateSchema, { key, title: 'x', data: '{}' })).toEqual({
        key: 'This key is reserved',
      });
    }
  });
});

describe('contactContentSchema', () => {
  const valid = {
    companyName: 'DiskonRadar',
    address: 'Jl. Sudirman 1, Jakarta',
    phone: '+62 21 555 0101',
    email: 'halo@diskonradar.id',
    whatsapp: '+62 812 0000 0000',
    description: 'Situs diskon',
    businessHours: { weekdays: '09:00 - 18:00 WIB', weekend: '09:00 - 15:00 WIB' },
    socialMedia: {
      facebook: '',
      instagram: 'https://instagram.com/diskonradar',
      twitter: '',
      youtube: '',
    },
  };

  it('accepts valid content', () => {
    expect(parse(contactContentSchema, valid)).toEqual(valid);
  });

  it('uses the spec message for every field', () => {
    expect(
      errorsOf(contactContentSchema, {
        companyName: '',
        address: '',
        phone: '',
        email: 'not-an-email',
        whatsapp: '',
        description: '',
        businessHours: { weekdays: '', weekend: '' },
        socialMedia: {
          facebook: 'facebook',
          instagram: 'javascript:alert(1)',
          twitter: 'ftp://twitter.com/x',
          youtube: 'youtube.com',
        },
      }),
    ).toEqual({
      companyName: 'Company name is required',
      address: 'Address is required',
      phone: 'Phone is required',
      email: 'Invalid email format',
      whatsapp: 'WhatsApp number is required',
      description: 'Description is required',
      'businessHours.weekdays': 'Weekdays hours required',
      'businessHours.weekend': 'Weekend hours required',
      'socialMedia.facebook': 'Invalid Facebook URL',
      'socialMedia.instagram': 'Invalid Instagram URL',
      'socialMedia.twitter': 'Invalid Twitter URL',
      'socialMedia.youtube': 'Invalid YouTube URL',
    });
  });

  it('treats an empty email as invalid and empty social links as unset', () => {
    expect(errorsOf(contactContentSchema, { ...valid, email: '' })).toEqual({
      email: 'Invalid email format',
    });
    expect(parse(contactContentSchema, { ...valid, socialMedia: undefined }).socialMedia).toEqual({
      facebook: '',
      instagram: '',
      twitter: '',
      youtube: '',
    });
  });
});

describe('heroContentSchema', () => {
  const valid = { mainTitle: 'Diskon', subtitle: 'Hemat', ctaText: 'Lihat', backgroundImage: '' };

  it('splits comma-separated platforms and uses the stock photo when empty', () => {
    expect(
      parse(heroContentSchema, { ...valid, platforms: ' Shopee, ,Tokopedia ,, TikTok Shop ' }),
    ).toEqual({
      ...valid,
      backgroundImage: DEFAULT_HERO_BACKGROUND,
      platforms: ['Shopee', 'Tokopedia', 'TikTok Shop'],
    });
    expect(parse(heroContentSchema, { ...valid, platforms: ['Lazada', ' '] }).platforms).toEqual([
      'Lazada',
    ]);
  });

  it('uses the spec messages', () => {
    expect(
      errorsOf(heroContentSchema, {
        mainTitle: '',
        subtitle: '',
        ctaText: '',
        backgroundImage: 'javascript:alert(1)',
        platforms: ' , ',
      }),
    ).toEqual({
      mainTitle: 'Main title is required',
      subtitle: 'Subtitle is required',
      ctaText: 'CTA text is required',
      backgroundImage: 'Invalid image URL',
      platforms: 'Platforms are required',
    });
    expect(errorsOf(heroContentSchema, valid)).toEqual({ platforms: 'Platforms are required' });
  });
});

describe('faqSchema', () => {
  it('applies defaults and coerces a numeric order', () => {
    expect(parse(faqSchema, { question: 'Q?', answer: 'A.' })).toEqual({
      question: 'Q?',
      answer: 'A.',
      category: 'general',
      order: 0,
      isActive: true,
    });
    expect(
      parse(faqSchema, { question: 'Q?', answer: 'A.', order: '3', category: 'pricing' }),
    ).toMatchObject({ order: 3, category: 'pricing' });
  });

  it('uses the spec messages', () => {
    expect(errorsOf(faqSchema, { question: '', answer: ' ', category: '', order: -1 })).toEqual({
      question: 'Question is required',
      answer: 'Answer is required',
      category: 'Category is required',
      order: 'Order must be a positive number',
    });
    for (const bad of ['', 'abc', 1.5]) {
      expect(errorsOf(faqSchema, { question: 'Q', answer: 'A', order: bad })).toEqual({
        order: 'Order must be a positive number',
      });
    }
  });

  it('accepts only the known FAQ categories', () => {
    expect(errorsOf(faqSchema, { question: 'Q', answer: 'A', category: 'misc' })).toEqual({
      category: 'Category must be one of: general, usage, platforms, pricing, technical',
    });
  });
});

describe('metaTagSchema', () => {
  it('applies defaults', () => {
    expect(parse(metaTagSchema, { htmlTag: ' <meta name="robots" content="index"> ' })).toEqual({
      htmlTag: '<meta name="robots" content="index">',
      pageUrl: '*',
      isActive: true,
    });
  });

  it('requires a tag, then a valid meta tag', () => {
    expect(errorsOf(metaTagSchema, { htmlTag: '' })).toEqual({
      htmlTag: 'HTML meta tag is required',
    });
    expect(errorsOf(metaTagSchema, {})).toEqual({ htmlTag: 'HTML meta tag is required' });
    for (const bad of [
      '<meta name="x"',
      'name="x">',
      '<title>x</title>',
      '<meta name="x"><script>alert(1)</script>',
    ]) {
      expect(errorsOf(metaTagSchema, { htmlTag: bad })).toEqual({
        htmlTag: 'Must be a valid HTML meta tag',
      });
    }
  });

  it('accepts * or a site path as the page', () => {
    expect(
      parse(metaTagSchema, { htmlTag: '<meta name="robots">', pageUrl: '/kategori' }).pageUrl,
    ).toBe('/kategori');
    expect(
      errorsOf(metaTagSchema, { htmlTag: '<meta name="robots">', pageUrl: 'kategori' }),
    ).toEqual({
      pageUrl: 'Page URL must be * or a path starting with /',
    });
  });

  it('refuses only tags that change how the browser treats the page, and wants http(s) addresses in og/twitter', () => {
    for (const bad of [
      '<meta name="referrer" content="unsafe-url">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<meta http-equiv="refresh" name="description" content="0;url=https://evil.example">',
      '<meta charset="utf-7">',
      '<meta name="viewport" content="width=10">',
      '<meta content="x">',
    ]) {
      expect(errorsOf(metaTagSchema, { htmlTag: bad }), bad).toEqual({
        htmlTag:
          'Meta tag ini tidak diizinkan: tag perlu atribut name atau property, dan http-equiv, charset serta name referrer, viewport atau color-scheme tidak boleh dipakai karena mengubah cara browser memuat halaman',
      });
    }
    for (const bad of [
      '<meta property="og:image" content="javascript:alert(1)">',
      '<meta property="og:url" content="//evil.example/">',
      '<meta name="twitter:image" content="data:image/svg+xml,x">',
      '<meta property="og:title" content="javascript:alert(1)">',
    ]) {
      expect(errorsOf(metaTagSchema, { htmlTag: bad }), bad).toEqual({
        htmlTag: 'og:* and twitter:* URLs must start with http:// or https://',
      });
    }
    for (const good of [
      '<meta name="description" content="Diskon: hemat">',
      '<meta property="og:title" content="Promo: 50%">',
      '<meta property="og:image" content="https://diskonradar.id/og.png">',
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta property="product:price:amount" content="199000">',
      '<meta name="ahrefs-site-verification" content="f00dfeed">',
      '<meta name="tiktok-developers-site-verification" content="abc123">',
      '<meta name="format-detection" content="telephone=no">',
      '<meta name="apple-itunes-app" content="app-id=123456789">',
      '<meta name="nama-khusus" content="apa saja">',
    ]) {
      expect(errorsOf(metaTagSchema, { htmlTag: good }), good).toEqual({});
    }
  });
});

describe('product image schemas', () => {
  const valid = { productId: 'p1', imageUrl: 'https://img.example.com/1.jpg' };

  it('applies defaults', () => {
    expect(parse(productImageSchema, valid)).toEqual({
      ...valid,
      altText: '',
      order: 0,
      isActive: true,
    });
  });

  it('uses the spec messages', () => {
    expect(
      errorsOf(productImageSchema, { productId: '', imageUrl: 'javascript:alert(1)', order: -1 }),
    ).toEqual({
      productId: 'Product ID is required',
      imageUrl: 'Invalid image URL',
      order: 'Order must be a positive number',
    });
  });

  it('accepts the full body or only the order on update', () => {
    expect(parse(productImageUpdateSchema, { order: '2' })).toEqual({ order: 2 });
    expect(parse(productImageUpdateSchema, { ...valid, altText: 'Depan', order: 1 })).toEqual({
      ...valid,
      altText: 'Depan',
      order: 1,
      isActive: true,
    });
    expect(errorsOf(productImageUpdateSchema, { order: -1 })).toEqual({
      order: 'Order must be a positive number',
    });
    expect(errorsOf(productImageUpdateSchema, { order: 1, imageUrl: 'nope' })).toEqual({
      productId: 'Product ID is required',
      imageUrl: 'Invalid image URL',
    });
    expect(productImageUpdateSchema.safeParse('nope').success).toBe(false);
  });
});

describe('popupSchema', () => {
  const now = new Date('2024-12-01T00:00:00.000Z');
  const valid = {
    title: 'Flash Sale 12.12',
    content: 'Diskon sampai 70%',
    type: 'promo',
    startDate: '2024-12-01T00:00:00.000Z',
    endDate: '2024-12-08T00:00:00.000Z',
  };

  it('parses ISO strings to Dates and applies the spec defaults', () => {
    expect(parse(popupSchema, valid)).toEqual({
      ...valid,
      startDate: new Date(valid.startDate),
      endDate: new Date(valid.endDate),
      targetUrl: null,
      buttonText: 'Learn More',
      backgroundColor: '#ffffff',
      textColor: '#000000',
      imageUrl: null,
      imagePosition: 'none',
      showOnPages: '*',
      triggerAfterSeconds: 3,
      isActive: true,
    });
  });

  it('accepts Date objects and the form defaults', () => {
    const defaults = defaultPopupValues(now);
    const parsed = parse(popupSchema, { ...defaults, title: 'T', content: 'C' });
    expect(parsed.startDate).toEqual(now);
    expect(parsed.endDate).toEqual(new Date('2024-12-08T00:00:00.000Z'));
  });

  it('uses the spec messages', () => {
    expect(
      errorsOf(popupSchema, { ...valid, title: '', content: '', targetUrl: 'javascript:alert(1)' }),
    ).toEqual({
      title: 'Popup title is required',
      content: 'Popup content is required',
      targetUrl: 'Invalid target URL',
    });
  });

  it('takes an http(s) URL or a page of the site as its target, nothing else', () => {
    expect(parse(popupSchema, { ...valid, targetUrl: '/promo-hari-ini' }).targetUrl).toBe(
      '/promo-hari-ini',
    );
    expect(parse(popupSchema, { ...valid, targetUrl: 'https://x.id/a' }).targetUrl).toBe(
      'https://x.id/a',
    );
    for (const targetUrl of ['//evil.example/x', '/\\evil.example', 'promo-hari-ini', '/a b']) {
      expect(errorsOf(popupSchema, { ...valid, targetUrl }), targetUrl).toEqual({
        targetUrl: 'Invalid target URL',
      });
    }
  });

  it('checks type, image, colours, pages and trigger delay', () => {
    expect(
      errorsOf(popupSchema, {
        ...valid,
        type: 'banner',
        imageUrl: 'ftp://x/y.png',
        imagePosition: 'middle',
        backgroundColor: 'white',
        textColor: '#12345',
        showOnPages: 'home',
        triggerAfterSeconds: 61,
      }),
    ).toEqual({
      type: 'Popup type must be one of: promo, announcement, newsletter, discount',
      imageUrl: 'Invalid image URL',
      imagePosition: 'Image position must be one of: none, top, left, right, background',
      backgroundColor: 'Background color must be a hex color such as #ffffff',
      textColor: 'Text color must be a hex color such as #000000',
      showOnPages: 'Show on pages must be * or a comma-separated list of paths starting with /',
      triggerAfterSeconds: 'Trigger delay must be a whole number of seconds from 0 to 60',
    });
    expect(
      parse(popupSchema, { ...valid, triggerAfterSeconds: '0', showOnPages: '/, /kategori' }),
    ).toMatchObject({
      triggerAfterSeconds: 0,
      showOnPages: '/, /kategori',
    });
    expect(errorsOf(popupSchema, { ...valid, triggerAfterSeconds: '' })).toEqual({
      triggerAfterSeconds: 'Trigger delay must be a whole number of seconds from 0 to 60',
    });
  });

  it('requires valid dates and an end not before the start', () => {
    expect(errorsOf(popupSchema, { ...valid, startDate: undefined, endDate: 'soon' })).toEqual({
      startDate: 'Start date must be a valid date',
      endDate: 'End date must be a valid date',
    });
    expect(errorsOf(popupSchema, { ...valid, startDate: new Date('invalid') })).toEqual({
      startDate: 'Start date must be a valid date',
    });
    expect(errorsOf(popupSchema, { ...valid, endDate: '2024-11-30T23:59:59.000Z' })).toEqual({
      endDate: 'End date must not be before start date',
    });
    expect(errorsOf(popupSchema, { ...valid, endDate: valid.startDate })).toEqual({});
  });

  it('keeps an empty button text from blanking the button', () => {
    expect(parse(popupSchema, { ...valid, buttonText: '  ' }).buttonText).toBe('Learn More');
    expect(parse(popupSchema, { ...valid, buttonText: 'Belanja' }).buttonText).toBe('Belanja');
  });
});

describe('defaultPopupValues', () => {
  it('runs a 7-day campaign from now with the spec defaults', () => {
    const now = new Date('2024-12-01T10:00:00.000Z');
    const values = defaultPopupValues(now);
    expect(values.startDate.getTime()).toBe(now.getTime());
    expect(values.endDate.getTime() - values.startDate.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(values).toMatchObject({
      buttonText: 'Learn More',
      backgroundColor: '#ffffff',
      textColor: '#000000',
      showOnPages: '*',
      triggerAfterSeconds: 3,
      isActive: true,
    });
    values.startDate.setFullYear(2000);
    expect(now.getFullYear()).toBe(2024);
  });
});

describe('tracking messages', () => {
  const session = {
    type: 'session',
    sessionId: 'sess_abc-123',
    country: 'Indonesia',
    city: 'Jakarta',
    ipAddress: '203.0.113.7',
    device: 'Mobile',
    browser: 'Chrome',
    userAgent: 'Mozilla/5.0',
    referrer: 'https://www.google.com/',
    timestamp: 1733000000000,
  };

  it('accepts a session message', () => {
    expect(parse(sessionMessageSchema, session)).toEqual(session);
    expect(parse(trackingMessageSchema, session).type).toBe('session');
  });

  it('normalises an ISO timestamp to epoch ms and fills missing text fields', () => {
    expect(
      parse(sessionMessageSchema, {
        type: 'session',
        sessionId: 's1',
        timestamp: '2024-12-01T00:00:00Z',
      }),
    ).toEqual({
      type: 'session',
      sessionId: 's1',
      country: '',
      city: '',
      ipAddress: '',
      device: '',
      browser: '',
      userAgent: '',
      referrer: '',
      timestamp: Date.parse('2024-12-01T00:00:00Z'),
    });
  });

  it('bounds the session id and text fields', () => {
    expect(
      errorsOf(sessionMessageSchema, { ...session, sessionId: 'x'.repeat(65) }),
    ).toHaveProperty('sessionId');
    expect(errorsOf(sessionMessageSchema, { ...session, sessionId: '' })).toHaveProperty(
      'sessionId',
    );
    expect(errorsOf(sessionMessageSchema, { ...session, sessionId: '<script>' })).toHaveProperty(
      'sessionId',
    );
    expect(
      parse(sessionMessageSchema, { ...session, sessionId: 'x'.repeat(64) }).sessionId,
    ).toHaveLength(64);
    expect(
      errorsOf(sessionMessageSchema, { ...session, userAgent: 'x'.repeat(513) }),
    ).toHaveProperty('userAgent');
    expect(errorsOf(sessionMessageSchema, { ...session, timestamp: 'yesterday' })).toHaveProperty(
      'timestamp',
    );
  });

  it('accepts a pageview with an optional duration', () => {
    const pageview = {
      type: 'pageview',
      sessionId: 's1',
      path: '/kategori',
      title: 'Kategori',
      timestamp: 1,
    };
    expect(parse(pageviewMessageSchema, pageview)).toEqual(pageview);
    expect(parse(pageviewMessageSchema, { ...pageview, duration: 1500 }).duration).toBe(1500);
    expect(errorsOf(pageviewMessageSchema, { ...pageview, duration: -1 })).toHaveProperty(
      'duration',
    );
    expect(errorsOf(pageviewMessageSchema, { ...pageview, duration: 1.5 })).toHaveProperty(
      'duration',
    );
    expect(
      errorsOf(pageviewMessageSchema, { ...pageview, path: 'https://evil.example' }),
    ).toHaveProperty('path');
  });

  it('accepts an event with JSON data and optional ids', () => {
    const event = {
      type: 'event',
      sessionId: 's1',
      eventType: 'cta_click',
      eventData: JSON.stringify({
        productId: 'p1',
        platform: 'Shopee',
        categoryId: 'c1',
        path: '/',
      }),
      timestamp: 1,
      productId: 'p1',
      categoryId: 'c1',
      platform: 'Shopee',
    };
    expect(parse(eventMessageSchema, event)).toEqual(event);
    expect(parse(trackingMessageSchema, { ...event, productId: '' }).type).toBe('event');
  });

  it('rejects bad event types and data', () => {
    const event = {
      type: 'event',
      sessionId: 's1',
      eventType: 'search',
      eventData: '{}',
      timestamp: 1,
    };
    expect(errorsOf(eventMessageSchema, { ...event, eventType: 'Drop Table' })).toHaveProperty(
      'eventType',
    );
    expect(errorsOf(eventMessageSchema, { ...event, eventType: 'x'.repeat(65) })).toHaveProperty(
      'eventType',
    );
    expect(errorsOf(eventMessageSchema, { ...event, eventData: '{not json' })).toEqual({
      eventData: 'eventData must be valid JSON',
    });
    expect(
      errorsOf(eventMessageSchema, {
        ...event,
        eventData: JSON.stringify({ q: 'x'.repeat(5000) }),
      }),
    ).toEqual({
      eventData: 'eventData must be at most 4096 characters',
    });
    expect(errorsOf(eventMessageSchema, { ...event, eventData: { q: 1 } })).toEqual({
      eventData: 'eventData must be a JSON string',
    });
  });

  it('accepts every known event type', () => {
    for (const eventType of TRACKING_EVENT_TYPES) {
      expect(
        eventMessageSchema.safeParse({
          type: 'event',
          sessionId: 's',
          eventType,
          eventData: '{}',
          timestamp: 1,
        }).success,
      ).toBe(true);
    }
  });

  it('rejects unknown message types', () => {
    const result = trackingMessageSchema.safeParse({ type: 'realtime_stats', sessionId: 's1' });
    expect(result.success).toBe(false);
    expect(result.error && zodErrorToFields(result.error).message).toBe(
      'Unknown message type; expected one of: session, pageview, event',
    );
    expect(trackingMessageSchema.safeParse('hello').success).toBe(false);
  });
});

describe('zodErrorToFields', () => {
  it('keeps the first message per path and summarises with the first field message', () => {
    const result = categorySchema.safeParse({
      name: '',
      slug: 'Bad Slug!',
      icon: 'x',
      color: 'x',
      group: '',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodErrorToFields(result.error)).toEqual({
      message: 'Nama kategori harus diisi',
      errors: {
        name: 'Nama kategori harus diisi',
        slug: 'Slug hanya boleh berisi huruf kecil, angka dan tanda hubung',
        group: 'Grup harus diisi',
      },
    });
  });

  it('falls back to the root message when no field is at fault', () => {
    const result = loginSchema.safeParse(null);
    expect(result.success).toBe(false);
    if (result.success) return;
    const body = zodErrorToFields(result.error);
    expect(body.errors).toEqual({});
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });
});
