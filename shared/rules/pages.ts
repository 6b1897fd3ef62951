/**
 * The admin screens target pages by the names of the original site ('/products',
 * '/categories', '/about'); these are the routes that serve them here. Meta tags and popups
 * aimed at either name apply to the page.
 */
export const PAGE_TARGET_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '/': ['/products'],
  '/kategori': ['/categories'],
  '/tentang': ['/about'],
};

/** Every target name that selects the page at `path` (itself first). */
export function pageTargets(path: string): string[] {
  return [path, ...(PAGE_TARGET_ALIASES[path] ?? [])];
}
