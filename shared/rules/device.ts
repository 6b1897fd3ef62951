// A short, human label for a session's device from its user agent ("Chrome di Windows"), for
// the "Sesi aktif" list and the audit log. Families only: no versions, no fingerprinting.

interface Rule {
  label: string;
  test: RegExp;
}

// Order matters: Edge and Opera also say Chrome; Chrome also says Safari; the desktop app is
// Electron inside Chrome.
const BROWSERS: Rule[] = [
  { label: 'Aplikasi desktop DiskonRadar', test: /Electron\//i },
  { label: 'Edge', test: /Edg(e|A|iOS)?\//i },
  { label: 'Opera', test: /OPR\/|Opera/i },
  { label: 'Samsung Internet', test: /SamsungBrowser\//i },
  { label: 'Firefox', test: /Firefox\/|FxiOS\//i },
  { label: 'Chrome', test: /Chrome\/|CriOS\/|Chromium\//i },
  { label: 'Safari', test: /Version\/[\d.]+.*Safari\//i },
  { label: 'curl', test: /^curl\//i },
  { label: 'Node.js', test: /^node$|node-fetch|undici/i },
];

const SYSTEMS: Rule[] = [
  { label: 'Android', test: /Android/i },
  { label: 'iOS', test: /iPhone|iPad|iPod/i },
  { label: 'Windows', test: /Windows/i },
  { label: 'ChromeOS', test: /CrOS/i },
  { label: 'macOS', test: /Mac OS X|Macintosh/i },
  { label: 'Linux', test: /Linux|X11/i },
];

export const UNKNOWN_DEVICE = 'Perangkat tidak dikenal';

/** "Chrome di Windows", "Firefox", "macOS", or "Perangkat tidak dikenal". */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find((rule) => rule.test.test(ua))?.label;
  const system = SYSTEMS.find((rule) => rule.test.test(ua))?.label;
  if (browser && system) return `${browser} di ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
