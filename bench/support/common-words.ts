/**
 * The commonest words of a catalogue, for the search benches: read from its newest active
 * products (a sample, the same on SQLite and PostgreSQL, cheap at any size: the listing index)
 * and folded as the search folds them. Each word's share is the fraction of the sampled
 * products that have it in the title, in the label (title, category, badge) and anywhere.
 */
import { QueryTypes } from 'sequelize';
import type { Database } from '../../api/src/db/database';
import { foldedWords } from '../../api/src/catalogue/search/terms';

export interface WordShare {
  word: string;
  title: number;
  label: number;
  all: number;
}

export interface CommonWords {
  sampled: number;
  /** Commonest anywhere (mostly description words). */
  anywhere: WordShare[];
  /** Commonest in titles. */
  inTitle: WordShare[];
  /** Commonest in a category or badge and not only through the title (`promo`, `pria`). */
  inLabel: WordShare[];
  share(word: string): WordShare;
}

export async function commonWords(db: Database, sample = 5_000, top = 6): Promise<CommonWords> {
  const active = db.dialect === 'postgres' ? 'p."isActive" = TRUE' : 'p."isActive" = 1';
  const rows = await db.sequelize.query<{
    title: string;
    description: string;
    badge: string | null;
    category: string | null;
  }>(
    `SELECT p.title AS title, p.description AS description, p."badgeText" AS badge,
        c.name AS category
      FROM (SELECT id FROM products p WHERE ${active} ORDER BY "createdAt" DESC, id LIMIT ?) newest
      JOIN products p ON p.id = newest.id
      LEFT JOIN categories c ON c.id = p."categoryId"`,
    { replacements: [sample], type: QueryTypes.SELECT },
  );
  const counts = new Map<string, { title: number; label: number; all: number }>();
  const count = (words: Set<string>, key: 'title' | 'label' | 'all') => {
    for (const word of words) {
      const entry = counts.get(word) ?? { title: 0, label: 0, all: 0 };
      entry[key] += 1;
      counts.set(word, entry);
    }
  };
  for (const row of rows) {
    const title = new Set(foldedWords(row.title));
    const label = new Set([...title, ...foldedWords(`${row.category ?? ''} ${row.badge ?? ''}`)]);
    const all = new Set([...label, ...foldedWords(row.description)]);
    count(title, 'title');
    count(label, 'label');
    count(all, 'all');
  }
  const n = Math.max(rows.length, 1);
  const shares: WordShare[] = [...counts].map(([word, c]) => ({
    word,
    title: c.title / n,
    label: c.label / n,
    all: c.all / n,
  }));
  const by = (key: keyof Omit<WordShare, 'word'>) =>
    shares.slice().sort((a, b) => b[key] - a[key] || (a.word < b.word ? -1 : 1));
  // Words of two letters or fewer are left out: the last word of a query is a prefix from two
  // letters on, a different measure (the prefix rows of the bench).
  const words = (list: WordShare[]) => list.filter((s) => s.word.length > 2).slice(0, top);
  const empty = { title: 0, label: 0, all: 0 };
  return {
    sampled: rows.length,
    anywhere: words(by('all')),
    inTitle: words(by('title')),
    inLabel: words(by('label').filter((s) => s.label > s.title * 1.5)),
    share: (word) => shares.find((s) => s.word === word) ?? { word, ...empty },
  };
}

/** `promo 50.3% (title 0.0%, label 5.0%)`. */
export const describeShare = (s: WordShare) =>
  `${s.word} ${(s.all * 100).toFixed(1)}% (title ${(s.title * 100).toFixed(1)}%, label ${(
    s.label * 100
  ).toFixed(1)}%)`;
