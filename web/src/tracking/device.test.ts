import { describe, expect, it } from 'vitest';
import { detectBrowser, detectDevice } from './device';

const UA = {
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

describe('detectDevice', () => {
  it('tells desktops, phones and tablets apart', () => {
    expect(detectDevice(UA.chromeDesktop)).toBe('Desktop');
    expect(detectDevice(UA.firefox)).toBe('Desktop');
    expect(detectDevice(UA.safariIphone)).toBe('Mobile');
    expect(detectDevice(UA.chromeAndroid)).toBe('Mobile');
    expect(detectDevice(UA.androidTablet)).toBe('Tablet');
    expect(detectDevice(UA.ipad)).toBe('Tablet');
  });
});

describe('detectBrowser', () => {
  it('names Chrome, Firefox, Safari and Edge, Edge before Chrome', () => {
    expect(detectBrowser(UA.chromeDesktop)).toBe('Chrome');
    expect(detectBrowser(UA.chromeAndroid)).toBe('Chrome');
    expect(detectBrowser(UA.edge)).toBe('Edge');
    expect(detectBrowser(UA.firefox)).toBe('Firefox');
    expect(detectBrowser(UA.safariIphone)).toBe('Safari');
    expect(detectBrowser('curl/8.0')).toBe('Other');
  });
});
