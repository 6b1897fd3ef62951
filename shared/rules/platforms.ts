import { PLATFORMS, type Platform } from '../constants';

/**
 * A product's `platforms` are the platforms it has links for, in the fixed order of PLATFORMS.
 * The server stores them so on every link write; the admin derives them the same way, so the
 * badges, the form and the links can never tell two stories. Only a product that has no link
 * yet keeps the platforms its form declared (the form asks for at least one).
 */
export function platformsOfLinks(links: readonly { platform: string }[]): Platform[] {
  const linked = new Set(links.map((link) => link.platform));
  return PLATFORMS.filter((platform) => linked.has(platform));
}
