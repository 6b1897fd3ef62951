import { describe, expect, it } from 'vitest';
import {
  aspectRatio,
  aspectRatioCss,
  cardButtonLabel,
  detectVideoHost,
  galleryImages,
  hasGallery,
  modalImages,
  showsGallery,
  showsMediaPlaceholder,
  showsVideo,
  toEmbedUrl,
} from './media';

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('cardButtonLabel', () => {
  it('labels by media type', () => {
    expect(cardButtonLabel({ mediaType: 'video' })).toBe('Lihat Video & Harga');
    expect(cardButtonLabel({ mediaType: 'image' })).toBe('Lihat Gambar & Harga');
    expect(cardButtonLabel({ mediaType: 'both' })).toBe('Lihat Media & Harga');
    expect(cardButtonLabel({ mediaType: 'default' })).toBe('Lihat Produk & Harga');
  });

  it('gives the video label to a default product that has a video', () => {
    expect(cardButtonLabel({ mediaType: 'default', videoUrl: VIDEO })).toBe('Lihat Video & Harga');
    expect(cardButtonLabel({ mediaType: 'default', videoUrl: '  ' })).toBe('Lihat Produk & Harga');
    expect(cardButtonLabel({ mediaType: 'default', videoUrl: null })).toBe('Lihat Produk & Harga');
  });

  it('keeps the explicit label whatever the video', () => {
    expect(cardButtonLabel({ mediaType: 'image', videoUrl: VIDEO })).toBe('Lihat Gambar & Harga');
    expect(cardButtonLabel({ mediaType: 'both', videoUrl: VIDEO })).toBe('Lihat Media & Harga');
  });
});

describe('gallery and video visibility', () => {
  const images = ['https://img.example/1.jpg', '', '  ', 'https://img.example/2.jpg'];

  it('drops blank image URLs', () => {
    expect(galleryImages({ imageUrls: images })).toEqual([
      'https://img.example/1.jpg',
      'https://img.example/2.jpg',
    ]);
    expect(galleryImages({})).toEqual([]);
  });

  it('falls back to the main image for the rendered gallery', () => {
    expect(modalImages({ imageUrl: 'https://img.example/main.jpg', imageUrls: [''] })).toEqual([
      'https://img.example/main.jpg',
    ]);
    expect(modalImages({ imageUrl: 'https://img.example/main.jpg', imageUrls: images })).toEqual([
      'https://img.example/1.jpg',
      'https://img.example/2.jpg',
    ]);
  });

  it('shows the gallery for image, or both with images', () => {
    expect(showsGallery({ mediaType: 'image', imageUrls: [] })).toBe(true);
    expect(showsGallery({ mediaType: 'both', imageUrls: images })).toBe(true);
    expect(showsGallery({ mediaType: 'both', imageUrls: ['', ' '] })).toBe(false);
    expect(showsGallery({ mediaType: 'video', imageUrls: images })).toBe(false);
    expect(showsGallery({ mediaType: 'default', imageUrls: images })).toBe(false);
    expect(hasGallery({ mediaType: 'image' })).toBe(true);
  });

  it('shows the video for video, or both/default with a video URL', () => {
    expect(showsVideo({ mediaType: 'video' })).toBe(true);
    expect(showsVideo({ mediaType: 'both', videoUrl: VIDEO })).toBe(true);
    expect(showsVideo({ mediaType: 'both', videoUrl: '' })).toBe(false);
    expect(showsVideo({ mediaType: 'default', videoUrl: VIDEO })).toBe(true);
    expect(showsVideo({ mediaType: 'default' })).toBe(false);
    expect(showsVideo({ mediaType: 'image', videoUrl: VIDEO })).toBe(false);
  });

  it('shows the placeholder when neither applies', () => {
    expect(showsMediaPlaceholder({ mediaType: 'default' })).toBe(true);
    expect(showsMediaPlaceholder({ mediaType: 'both', imageUrls: [], videoUrl: null })).toBe(true);
    expect(showsMediaPlaceholder({ mediaType: 'image' })).toBe(false);
  });
});

describe('detectVideoHost', () => {
  it.each([
    ['https://www.tiktok.com/@toko/video/7234567890123456789', 'tiktok'],
    ['https://vm.tiktok.com/ZSabc123/', 'tiktok'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube'],
    ['https://www.instagram.com/reel/Cabc123XYZ/', 'instagram'],
    ['https://example.com/video.mp4', null],
    ['https://notyoutube.com/watch?v=dQw4w9WgXcQ', null],
    ['javascript:alert(1)//youtube.com', null],
    ['', null],
  ])('%s -> %s', (url, host) => {
    expect(detectVideoHost(url)).toBe(host);
  });
});

describe('toEmbedUrl', () => {
  it('converts TikTok links using the video id in the path', () => {
    expect(toEmbedUrl('https://www.tiktok.com/@toko.resmi/video/7234567890123456789?lang=id')).toBe(
      'https://www.tiktok.com/embed/v2/7234567890123456789',
    );
    expect(toEmbedUrl('https://www.tiktok.com/embed/v2/7234567890123456789')).toBe(
      'https://www.tiktok.com/embed/v2/7234567890123456789',
    );
  });

  it('cannot convert a TikTok short link without an id', () => {
    expect(toEmbedUrl('https://vm.tiktok.com/ZSabc123/')).toBeNull();
  });

  it('converts YouTube watch, youtu.be and shorts links', () => {
    const embed = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    expect(toEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s')).toBe(embed);
    expect(toEmbedUrl('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe(embed);
    expect(toEmbedUrl('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe(embed);
    expect(toEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(toEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(embed);
  });

  it('rejects YouTube links without a usable id', () => {
    expect(toEmbedUrl('https://www.youtube.com/watch')).toBeNull();
    expect(toEmbedUrl('https://www.youtube.com/@channel')).toBeNull();
    expect(toEmbedUrl('https://www.youtube.com/watch?v=<script>')).toBeNull();
  });

  it('adds the embed suffix to Instagram posts and reels', () => {
    expect(toEmbedUrl('https://www.instagram.com/p/CxYz123AbC/')).toBe(
      'https://www.instagram.com/p/CxYz123AbC/embed',
    );
    expect(toEmbedUrl('https://instagram.com/reel/CxYz123AbC?igsh=xyz')).toBe(
      'https://www.instagram.com/reel/CxYz123AbC/embed',
    );
    expect(toEmbedUrl('https://www.instagram.com/reels/CxYz123AbC/')).toBe(
      'https://www.instagram.com/reel/CxYz123AbC/embed',
    );
    expect(toEmbedUrl('https://www.instagram.com/tokoresmi/')).toBeNull();
  });

  it('returns null for unsupported hosts', () => {
    expect(toEmbedUrl('https://vimeo.com/123456')).toBeNull();
    expect(toEmbedUrl('https://cdn.example.com/video.mp4')).toBeNull();
    expect(toEmbedUrl(null)).toBeNull();
  });
});

describe('aspectRatio', () => {
  it('lets a forced ratio win', () => {
    expect(aspectRatio('https://www.tiktok.com/@a/video/7234567890123456789', '16:9')).toBe('16:9');
    expect(aspectRatio(VIDEO, '9:16')).toBe('9:16');
    expect(aspectRatio(VIDEO, '1:1')).toBe('1:1');
  });

  it('applies the auto rules', () => {
    expect(aspectRatio('https://www.tiktok.com/@a/video/7234567890123456789', 'auto')).toBe('9:16');
    expect(aspectRatio('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('9:16');
    expect(aspectRatio(VIDEO)).toBe('16:9');
    expect(aspectRatio('https://youtu.be/dQw4w9WgXcQ')).toBe('16:9');
    expect(aspectRatio('https://www.instagram.com/reel/CxYz123AbC/')).toBe('9:16');
    expect(aspectRatio('https://www.instagram.com/p/CxYz123AbC/')).toBe('1:1');
    expect(aspectRatio('https://example.com/video.mp4')).toBe('16:9');
    expect(aspectRatio(undefined, 'auto')).toBe('16:9');
  });

  it('ignores an unknown forced value', () => {
    expect(aspectRatio('https://www.youtube.com/shorts/dQw4w9WgXcQ', '4:3')).toBe('9:16');
  });

  it('formats a CSS aspect-ratio value', () => {
    expect(aspectRatioCss('9:16')).toBe('9 / 16');
  });
});
