import { QueryTypes, Transaction } from 'sequelize';
import type { Database } from '../../db/database';

/**
 * The words of SQLite's search index, held in memory for the typo look-up.
 *
 * Why in memory: a typo fix asks which of a word's ~600 one-edit variants exist. FTS5's
 * vocabulary table answers one term at a time (~25 µs each at 100,000 products, so ~15 ms a
 * word and up to 8 words a query) and cannot be range-scanned cheaply, since it counts every
 * term's postings as it goes. A Set answers all 600 in well under a millisecond and costs a
 * few MB (one entry per distinct word).
 *
 * Freshness: at most every REFRESH_MS a search that needs the vocabulary checks, with one
 * indexed look-up, whether the index changed (the triggers bump product_search_version), and if so
 * reloads it in the background on its own read connection, so no request waits on the
 * reload. The process that writes a product adds its words at once (`learnWords`, called by
 * every product write: create, update, import chunk, bulk action), so here a new word is a
 * typo fix immediately. Another process (a second server on the same file) learns it at its
 * next reload, up to REFRESH_MS later. A deleted word may linger as a fix that matches
 * nothing. Exact and prefix search never use this cache.
 */
export const REFRESH_MS = 30_000;

interface State {
  words: Set<string>;
  marker: number;
  checkedAt: number;
  refreshing: Promise<void> | null;
  /** Words learned while a reload runs: its read may predate them, so they are kept over. */
  learnedDuringRefresh: Set<string>;
}

const states = new WeakMap<Database, Promise<State>>();
/** Databases whose vocabulary has finished loading (for the warm-up's test and logs). */
const loaded = new WeakSet<Database>();

async function indexMarker(db: Database, transaction?: Transaction): Promise<number> {
  const rows = await db.sequelize.query<{ marker: number | null }>(
    'SELECT version AS marker FROM product_search_version WHERE id = 1',
    { type: QueryTypes.SELECT, transaction },
  );
  return Number(rows[0]?.marker ?? 0);
}

/** Reads the whole vocabulary inside a read transaction: a connection of its own. */
async function readVocabulary(db: Database): Promise<{ words: Set<string>; marker: number }> {
  return db.sequelize.transaction({ type: Transaction.TYPES.DEFERRED }, async (transaction) => {
    const marker = await indexMarker(db, transaction);
    const rows = await db.sequelize.query<{ term: string }>(
      'SELECT term FROM product_search_vocab',
      { type: QueryTypes.SELECT, transaction },
    );
    return { words: new Set(rows.map((row) => row.term)), marker };
  });
}

function refreshIfChanged(db: Database, state: State): void {
  if (state.refreshing || Date.now() - state.checkedAt < REFRESH_MS) return;
  state.checkedAt = Date.now();
  state.learnedDuringRefresh = new Set();
  state.refreshing = (async () => {
    try {
      if ((await indexMarker(db)) === state.marker) return;
      const fresh = await readVocabulary(db);
      for (const word of state.learnedDuringRefresh) fresh.words.add(word);
      state.words = fresh.words;
      state.marker = fresh.marker;
    } catch {
      // A failed refresh (for example while the database closes) keeps the words it had.
    } finally {
      state.refreshing = null;
      state.learnedDuringRefresh = new Set();
    }
  })();
}

/** The index vocabulary of an SQLite database; the first call loads it. */
export async function sqliteVocabulary(db: Database): Promise<Set<string>> {
  let pending = states.get(db);
  if (!pending) {
    pending = readVocabulary(db).then((read) => {
      loaded.add(db);
      return { ...read, checkedAt: Date.now(), refreshing: null, learnedDuringRefresh: new Set() };
    });
    states.set(db, pending);
    pending.catch(() => states.delete(db));
  }
  const state = await pending;
  refreshIfChanged(db, state);
  return state.words;
}

/**
 * Adds words this process has just committed to the index (folded as the index folds them).
 * Nothing to do before the first load: that load reads them from the database. A load or
 * reload under way may have read before the commit, so the words are added when it is done.
 */
export async function learnWords(db: Database, words: Iterable<string>): Promise<void> {
  const pending = states.get(db);
  if (!pending) return;
  let state: State;
  try {
    state = await pending;
  } catch {
    return; // The load failed: the next search loads again, commit included.
  }
  for (const word of words) {
    state.words.add(word);
    if (state.refreshing) state.learnedDuringRefresh.add(word);
  }
}

/** Each vocabulary's words in order, for prefix look-ups; rebuilt when the set grows. */
const sortedWords = new WeakMap<Set<string>, { size: number; words: string[] }>();

function sorted(words: Set<string>): string[] {
  const cached = sortedWords.get(words);
  if (cached?.size === words.size) return cached.words;
  const list = [...words].sort();
  sortedWords.set(words, { size: words.size, words: list });
  return list;
}

/**
 * The indexed words that start with any of `prefixes`, at most `max` of them, or null: when
 * there are more, or when the vocabulary in memory may lack a word of the index (not loaded
 * yet, or the index changed since it was read: another version than the load read). A null
 * answer says "ask the index"; a list is then exactly the index's words with those prefixes
 * (plus, at most, words no product has any more, which match nothing). Never waits for a load.
 *
 * Why: FTS5 answers a prefix longer than its prefix indexes by merging the whole doclist of
 * every word with that prefix before returning its first row (`untuk*` is 750,000 entries at
 * 1,000,000 products); the same words ORed together are read newest first and stop early.
 */
export async function indexedWordsStartingWith(
  db: Database,
  prefixes: string[],
  max: number,
): Promise<string[] | null> {
  if (!loaded.has(db)) {
    // The first search of a process starts the load but does not wait for it.
    sqliteVocabulary(db).catch(() => undefined);
    return null;
  }
  const pending = states.get(db);
  if (!pending) return null;
  const state = await pending;
  refreshIfChanged(db, state);
  const { words, marker } = state;
  if ((await indexMarker(db)) !== marker) return null;
  const list = sorted(words);
  const found = new Set<string>();
  for (const prefix of prefixes) {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < list.length && list[i]!.startsWith(prefix); i++) {
      found.add(list[i]!);
      if (found.size > max) return null;
    }
  }
  return [...found];
}

/** True once the vocabulary of `db` is in memory. */
export function isVocabularyLoaded(db: Database): boolean {
  return loaded.has(db);
}

/**
 * Loads an SQLite database's vocabulary in the background right after start-up, so the
 * process's first typo search does not wait the 0.3-0.7 s the load takes at 100,000 products.
 * Start-up does not wait for it and requests are served meanwhile: the read runs on a
 * connection of its own, off the event loop, and a typo search that comes first shares it.
 */
export function warmSqliteVocabulary(db: Database): void {
  if (db.dialect === 'postgres') return;
  setImmediate(() => {
    // A failed warm-up (say the database closed at once) leaves the first search to load it.
    sqliteVocabulary(db).catch(() => undefined);
  });
}
