import type { FeedFormat } from '@shared/schemas/feed';
import type { FeedPreview } from '@shared/types';
import type { FetchPolicy } from '../lib/safe-fetch';
import { fetchFeed } from './fetch-feed';
import { suggestMapping } from './mapping-defaults';
import { isFeedRecordError, readFeedRecords } from './readers';

export const PREVIEW_ROWS = 20;
/** A preview waits at most this long for its first rows (ms). */
export const PREVIEW_TIMEOUT_MS = 30_000;

/** A feed whose first rows cannot be read at all; the message is for staff (Indonesian). */
export class FeedUnreadableError extends Error {
  override name = 'FeedUnreadableError';
}

/**
 * The first 20 rows of a feed, every field name seen in them (in the order first seen) and
 * the distinct category texts (of the field suggestMapping takes as the category), so staff
 * can map fields and categories before the first run. Only what the 20 rows need is
 * downloaded; the connection is closed after. Rejects with a SafeFetchError (fetch refused or
 * failed) or FeedUnreadableError (no row could be read), both in Indonesian.
 */
export async function previewFeed(
  input: { url: string; format: FeedFormat },
  policy: FetchPolicy,
): Promise<FeedPreview> {
  const fetched = await fetchFeed(input.url, {
    policy,
    maxBytes: policy.maxBytes,
    timeoutMs: PREVIEW_TIMEOUT_MS,
  });
  if (fetched.notModified) throw new FeedUnreadableError('Feed tidak mengirim isi');
  const rows: Record<string, string>[] = [];
  const fields = new Set<string>();
  let firstError: string | null = null;
  try {
    for await (const item of readFeedRecords(fetched.body, input.format)) {
      if (isFeedRecordError(item)) {
        firstError ??= `Baris ${item.row}: ${item.error}`;
        continue;
      }
      rows.push(item.fields);
      for (const name of Object.keys(item.fields)) fields.add(name);
      if (rows.length >= PREVIEW_ROWS) break;
    }
  } finally {
    fetched.body.destroy();
  }
  if (rows.length === 0 && firstError) throw new FeedUnreadableError(firstError);
  const names = [...fields];
  const categoryField = suggestMapping(input.format, names).category;
  const categories = new Set<string>();
  if (categoryField) {
    for (const row of rows) {
      const text = row[categoryField]?.trim();
      if (text) categories.add(text);
    }
  }
  return { fields: names, rows, categories: [...categories] };
}
