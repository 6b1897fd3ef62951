// Links that leave the app open in the system browser, and only when they are http(s): a
// javascript:, file: or custom-scheme URL never reaches shell.openExternal.
import { isHttpUrl } from '@shared/rules/url';

export function isSafeExternalUrl(url: unknown): url is string {
  return isHttpUrl(url);
}

export async function openExternalLink(
  url: unknown,
  openExternal: (url: string) => Promise<void>,
): Promise<boolean> {
  if (!isSafeExternalUrl(url)) return false;
  await openExternal(url);
  return true;
}
