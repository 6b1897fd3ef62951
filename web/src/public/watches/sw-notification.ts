/**
 * What the service worker shows for one push (docs/contracts.md, "Price watches"): the
 * server's payload {title, body, url, icon?}, read defensively, and the address to open, kept
 * on the site. Imported by sw.ts only, so the worker stays one small file.
 */
export interface ShownNotification {
  title: string;
  options: { body: string; icon: string; tag?: string; data: { url: string } };
}

const DEFAULT_ICON = '/media/favicon.svg';

/** A same-site path from a payload's url (an absolute address on this origin becomes its path). */
export function sitePath(raw: unknown, origin: string): string {
  if (typeof raw !== 'string' || raw === '') return '/pantauan';
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/pantauan';
  } catch {
    return '/pantauan';
  }
}

export function notificationFor(text: string | null, origin: string): ShownNotification {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (typeof parsed === 'object' && parsed !== null) payload = parsed as Record<string, unknown>;
  } catch {
    payload = { body: text ?? '' };
  }
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const icon = str(payload.icon);
  const tag = str(payload.tag);
  return {
    // "Harga turun: <product>" when the server names the product.
    title:
      [str(payload.title) || 'Harga turun', str(payload.product)].filter(Boolean).join(': ') ||
      'Harga turun',
    options: {
      body: str(payload.body),
      icon: icon && sitePath(icon, origin) === icon ? icon : DEFAULT_ICON,
      ...(tag ? { tag } : {}),
      data: { url: sitePath(payload.url, origin) },
    },
  };
}
