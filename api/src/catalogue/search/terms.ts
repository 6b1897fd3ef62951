/**
 * The visitor's search text becomes a short list of folded words here, before any database
 * sees it: the engine queries are built from these words only, each one quoted, so no
 * character of the input (`%`, `_`, quotes, `*`, `:`, `^`, NUL, NEAR, OR, ...) is ever syntax.
 */

/** At most this many words of a query are used; the rest are ignored. */
export const MAX_TOKENS = 8;
/** A longer word is cut to this many characters and then matches as a prefix. */
export const MAX_TOKEN_LENGTH = 40;
/** Words of at least this many characters forgive one typo (Levenshtein distance 1). */
export const TYPO_MIN_LENGTH = 5;
/** The last word matches as a prefix once it has this many characters (`se` finds `sepatu`). */
export const PREFIX_MIN_LENGTH = 2;

export interface SearchToken {
  /** The folded word: lower case, no diacritics. */
  text: string;
  /** Matches any indexed word that starts with `text`. */
  prefix: boolean;
}

/**
 * Letters the Unicode decomposition leaves whole but PostgreSQL's unaccent and SQLite's
 * remove_diacritics fold; mapping them here keeps the vocabulary look-ups in step.
 */
const EXTRA_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
};

/** Lower case without diacritics: `Café CRÈME` becomes `cafe creme`. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłı]/g, (letter) => EXTRA_FOLDS[letter] ?? letter);
}

// eslint-disable-next-line no-control-regex -- any byte past ASCII leaves the fast path.
const NON_ASCII = /[^\u0000-\u007f]/;

/** The folded words of a text, split on everything that is not a letter or a digit. */
export function foldedWords(text: string): string[] {
  // ASCII text is its own NFKD form with no marks or extra folds, and its only letters and
  // digits are a-z and 0-9 once lower-cased: the same words, without normalize() and the
  // Unicode classes (an import folds every title and description; session 44 measured 1.45
  // against 1.8-2.1 s over 100,000 rows).
  const words = NON_ASCII.test(text)
    ? foldText(text).split(/[^\p{L}\p{N}]+/u)
    : text.toLowerCase().split(/[^a-z0-9]+/);
  return words.filter((word) => word.length > 0);
}

/**
 * The words of a visitor's query: folded, at most MAX_TOKENS of them, each at most
 * MAX_TOKEN_LENGTH characters. The last word (and any word cut short) matches as a prefix.
 */
export function tokenize(input: string): SearchToken[] {
  // Long pastes are cut before any work is done on them.
  const words = foldedWords(input.slice(0, MAX_TOKENS * (MAX_TOKEN_LENGTH + 8)));
  const tokens: SearchToken[] = [];
  const seen = new Set<string>();
  for (const word of words.slice(0, MAX_TOKENS)) {
    const cut = Array.from(word);
    const text = cut.slice(0, MAX_TOKEN_LENGTH).join('');
    const truncated = cut.length > MAX_TOKEN_LENGTH;
    const key = `${text}:${truncated}`;
    if (seen.has(key)) continue;
    seen.add(key);
    tokens.push({ text, prefix: truncated });
  }
  const last = tokens[tokens.length - 1];
  if (last && Array.from(last.text).length >= PREFIX_MIN_LENGTH) last.prefix = true;
  return tokens;
}

/** Whether a word is long enough for one typo to be forgiven. */
export function forgivesTypo(word: string): boolean {
  return Array.from(word).length >= TYPO_MIN_LENGTH;
}

const ALPHABET = Array.from('abcdefghijklmnopqrstuvwxyz0123456789');

/**
 * Every word at Levenshtein distance exactly 1 from `word` (one letter deleted, replaced or
 * inserted) over the letters a-z, the digits and the word's own letters. The vocabulary is
 * then asked which of them exist: a few hundred exact look-ups in a B-tree, which stays fast
 * however large the catalogue grows.
 */
export function editVariants(word: string): string[] {
  const letters = Array.from(word);
  const alphabet = Array.from(new Set([...ALPHABET, ...letters]));
  const variants = new Set<string>();
  for (let i = 0; i <= letters.length; i++) {
    const head = letters.slice(0, i).join('');
    const tail = letters.slice(i).join('');
    const rest = letters.slice(i + 1).join('');
    if (i < letters.length) variants.add(head + rest);
    for (const letter of alphabet) {
      variants.add(head + letter + tail);
      if (i < letters.length) variants.add(head + letter + rest);
    }
  }
  variants.delete(word);
  return [...variants];
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[y.length]!;
}

/** An FTS5 string literal: the word in double quotes, quotes inside doubled. */
export function fts5String(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/** A tsquery lexeme literal: the word in single quotes, quotes and backslashes escaped. */
export function tsqueryLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
