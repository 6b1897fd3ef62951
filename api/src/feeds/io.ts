import { createReadStream } from 'node:fs';
import type { FeedFormat } from '@shared/schemas/feed';
import { readFeedRecords, type FeedRecord, type FeedRecordError } from './readers';

/**
 * The run engine's reading side, in one place: the fetch (fetch-feed.ts), the streaming
 * readers (readers/) and the price rules (shared/rules/feed-price.ts).
 */
export type { FeedRecord, FeedRecordError } from './readers';
export { fetchFeed, type FetchedFeed } from './fetch-feed';
export { parseFeedAvailability, parseFeedPrice } from '@shared/rules/feed-price';

/**
 * Bytes read from the spooled file at a time. A reader parses each read whole before the
 * event loop turns (csv-parse: a 64 KB read is some 350 rows, several milliseconds), so a
 * smaller read keeps the public site's requests from waiting behind one.
 */
const READ_BYTES = 16 * 1024;

/** The records of the feed the run spooled to `file`, read as the engine asks for them. */
export function readFeedFile(
  file: string,
  format: FeedFormat,
): AsyncIterable<FeedRecord | FeedRecordError> {
  return readFeedRecords(createReadStream(file, { highWaterMark: READ_BYTES }), format);
}
