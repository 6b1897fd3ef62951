import Bowser from 'bowser';
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

  it('reads device and browser as a full parse of the agent does', () => {
    // userAgentInfo parses only the browser and the platform (the OS and engine are left
    // unparsed: they cost a third of the parse); whatever bowser's platform and browser rules
    // consult, they parse on demand, so the answer must be a full parse's.
    const agents = [
      IPHONE,
      IPAD,
      WINDOWS_CHROME,
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 12; Redmi Note 11) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.43 Mobile Safari/537.36 Instagram 312.0.0.32.112 Android',
      'Mozilla/5.0 (Linux; Android 11; CPH2185 Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/441.0.0.33.113;]',
      'Mozilla/5.0 (Linux; U; Android 10; id-id; vivo 1906 Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
      'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
      'Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/120.3.1 like Chrome/120.0.6099.230 Safari/537.36',
      'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Line/13.21.0',
      'something nobody parses',
    ];
    for (const agent of agents) {
      const full = Bowser.parse(agent);
      const device =
        full.platform.type === 'mobile'
          ? 'phone'
          : full.platform.type === 'tablet'
            ? 'tablet'
            : 'desktop';
      expect(userAgentInfo(agent), agent).toEqual({
        device,
        browser: (full.browser.name ?? '').slice(0, 40) || 'Lainnya',
      });
    }
  });
});
