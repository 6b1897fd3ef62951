// Device and browser of the session message (spec section 7).

export type DeviceType = 'Desktop' | 'Mobile' | 'Tablet';
export type BrowserName = 'Chrome' | 'Firefox' | 'Safari' | 'Edge' | 'Other';

export function detectDevice(userAgent: string): DeviceType {
  const ua = userAgent.toLowerCase();
  if (/ipad|tablet|playbook|silk|kindle/.test(ua) || (/android/.test(ua) && !/mobile/.test(ua))) {
    return 'Tablet';
  }
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone/.test(ua)) {
    return 'Mobile';
  }
  return 'Desktop';
}

/** Order matters: Edge and Chrome-based browsers also say Chrome and Safari. */
export function detectBrowser(userAgent: string): BrowserName {
  if (/edg(e|a|ios)?\//i.test(userAgent)) return 'Edge';
  if (/firefox\/|fxios\//i.test(userAgent)) return 'Firefox';
  if (/chrome\/|crios\/|chromium\//i.test(userAgent)) return 'Chrome';
  if (/safari\//i.test(userAgent) && /version\//i.test(userAgent)) return 'Safari';
  return 'Other';
}
