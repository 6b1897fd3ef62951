/**
 * A figure of categories written in the hero's text ("Lebih dari 31 kategori") is replaced by
 * the same claim the hero's counter shows, so the two never disagree as the catalogue grows
 * (docs/contracts.md, "Shopping help"). Other text is left as the admin wrote it.
 */
const CATEGORY_FIGURE = /(?:lebih dari\s+)?\d[\d.]*\+?\s+kategori/gi;

export function withCategoryClaim(text: string, claim: string): string {
  return text.replace(CATEGORY_FIGURE, `${claim} kategori`);
}
