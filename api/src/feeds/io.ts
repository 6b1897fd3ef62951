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

/** The records of the feed the run spooled to `file`, read as the engine asks for them. */
export function readFeedFile(
  file: string,
  format: FeedFormat,
): AsyncIterable<FeedRecord | FeedRecordError> {
  return readFeedRecords(createReadStream(file), format);
}
