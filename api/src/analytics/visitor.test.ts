import { describe, expect, it } from 'vitest';
import { isBotUserAgent, userAgentInfo, visitorKey } from './visitor';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36';

describe('visitor identity', () => {
  it('is the same for the same address, agent and Jakarta day, and changes with the day', () => {
    const at = Date.parse('2026-11-20T10:00:00+07:00');
    const key = visitorKey('s', '10.1.2.3', IPHONE, at);
    expect(visitorKey('s', '10.1.2.99', IPHONE, at + 3_600_000)).toBe(key);
    expect(visitorKey('s', '10.1.2.3', IPHONE, Date.parse('2026-11-21T00:00:00+07:00'))).not.toBe(
      key,
    );
    expect(visitorKey('s', '10.1.2.3', IPAD, at)).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reads device and browser from the user agent', () => {
    expect(userAgentInfo(IPHONE)).toEqual({ device: 'phone', browser: 'Safari' });
    expect(userAgentInfo(IPAD)).toEqual({ device: 'tablet', browser: 'Safari' });
    expect(userAgentInfo(WINDOWS_CHROME)).toEqual({ device: 'desktop', browser: 'Chrome' });
    expect(userAgentInfo('')).toEqual({ device: 'desktop', browser: 'Lainnya' });
  });

  it('knows crawlers and headless browsers', () => {
    expect(isBotUserAgent('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe(true);
    expect(isBotUserAgent(HEADLESS)).toBe(true);
    expect(isBotUserAgent(WINDOWS_CHROME)).toBe(false);
  });

  it('reads an agent seen before the same way, however many agents came in between', () => {
    // Past the remembered few hundred, and agents too long to be remembered, are read afresh.
    const others = Array.from({ length: 1200 }, (_, i) => `${IPHONE} build/${i}`);
    const long = `${WINDOWS_CHROME} ${'x'.repeat(2000)}`;
    for (let round = 0; round < 2; round += 1) {
      for (const agent of others) expect(isBotUserAgent(agent)).toBe(false);
      expect(userAgentInfo(others[7])).toEqual({ device: 'phone', browser: 'Safari' });
      expect(isBotUserAgent(HEADLESS)).toBe(true);
      expect(isBotUserAgent(`Googlebot/2.1 ${'x'.repeat(2000)}`)).toBe(true);
      expect(userAgentInfo(long)).toEqual({ device: 'desktop', browser: 'Chrome' });
      expect(userAgentInfo(IPAD)).toEqual({ device: 'tablet', browser: 'Safari' });
    }
    // A caller may change its copy without changing the next answer.
    const info = userAgentInfo(IPAD);
    info.browser = 'changed';
    expect(userAgentInfo(IPAD).browser).toBe('Safari');
  });
});
