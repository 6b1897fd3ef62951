import type { FeedFormat } from '@shared/schemas/feed';
import { readCsv } from './csv';
import { readJsonLines } from './jsonl';
import { readMerchantXml } from './merchant-xml';

/** One product row of a feed: feed field name → its text (cleaned, cut at 10,000 chars). */
export interface FeedRecord {
  row: number;
  fields: Record<string, string>;
}

/** A row that could not be read, with the reason in Indonesian (shown to staff). */
export interface FeedRecordError {
  row: number;
  error: string;
}

export const isFeedRecordError = (item: FeedRecord | FeedRecordError): item is FeedRecordError =>
  'error' in item;

export { MAX_FIELD_CHARS, MAX_FIELDS_PER_ROW } from './limits';

/**
 * The rows of a feed, read from the stream as the consumer asks (for await): nothing is held
 * but the row being read, so a feed of a million rows costs the memory of one. `row` is the
 * line (CSV: the header is line 1; JSON Lines) or the item's number (Merchant XML). A row
 * that cannot be read is a FeedRecordError; in CSV and XML it ends the reading (nothing after
 * a broken quote or tag can be trusted), in JSON Lines the next line is read. A failing
 * stream (the fetch's time or size limit, a cut connection) throws its error.
 */
export function readFeedRecords(
  input: NodeJS.ReadableStream,
  format: FeedFormat,
): AsyncIterable<FeedRecord | FeedRecordError> {
  switch (format) {
    case 'csv':
      return readCsv(input);
    case 'merchant-xml':
      return readMerchantXml(input);
    case 'jsonl':
      return readJsonLines(input);
  }
}
