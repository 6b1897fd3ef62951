import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { FeedRecord, FeedRecordError } from './index';
import { addField, bufferChunks } from './limits';

/** The Google Merchant namespace: its elements are keyed 'g:<local name>'. */
export const MERCHANT_NAMESPACE = 'http://base.google.com/ns/1.0';

/** RSS 2.0 <rss><channel><item>, Atom <feed><entry>. */
const ROOTS = new Set(['rss', 'feed', 'rdf']);
const ITEMS = new Set(['item', 'entry']);

/** Text of one field is collected up to a little past the cut (limits.ts cuts it exactly). */
const COLLECT_CHARS = 10_001;

function fieldName(tag: SaxesTagNS): string {
  return tag.uri === MERCHANT_NAMESPACE ? `g:${tag.local}` : tag.local;
}

/**
 * Google Merchant XML (RSS 2.0 or Atom with the g: namespace), streamed through saxes: an
 * item's direct children become its fields ('g:id', 'title', 'link', 'g:price', ...), an
 * Atom <link href> is 'link', nested elements (g:shipping) are skipped. `row` is the item's
 * number in the feed (1 for the first). No DTD is read and no entity but XML's five is
 * expanded (an entity declared in the document is an error), so an entity bomb costs
 * nothing. Malformed XML ends the reading with one error; the items before it stand.
 */
export async function* readMerchantXml(
  input: NodeJS.ReadableStream,
): AsyncGenerator<FeedRecord | FeedRecordError> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: (FeedRecord | FeedRecordError)[] = [];
  let depth = 0;
  let rootChecked = false;
  let stopped = false;
  let items = 0;
  /** Depth of the open item, 0 when none. */
  let itemDepth = 0;
  let fields: Record<string, string> = {};
  /** The field being read (a direct child of the item), and its text so far. */
  let field: string | null = null;
  let text = '';

  /**
   * An item was just closed: saxes closes the open elements before it reports a wrong close
   * tag (</item> missing, </broken> in its place), so an error now belongs to that item.
   */
  let justClosedItem = false;

  const stop = (error: string) => {
    if (stopped) return;
    stopped = true;
    if (justClosedItem && ready.at(-1)?.row === items) {
      ready.pop();
      ready.push({ row: items, error });
      return;
    }
    ready.push({ row: itemDepth ? items : items + 1, error });
  };

  parser.on('opentag', (tag) => {
    depth += 1;
    justClosedItem = false;
    if (stopped) return;
    if (!rootChecked) {
      rootChecked = true;
      if (!ROOTS.has(tag.local)) {
        stop(`Bukan feed Google Merchant (RSS atau Atom): elemen akarnya <${tag.name}>`);
        return;
      }
    }
    if (!itemDepth) {
      if (ITEMS.has(tag.local)) {
        itemDepth = depth;
        items += 1;
        fields = {};
      }
      return;
    }
    if (depth !== itemDepth + 1) {
      // A field with elements inside (g:shipping, g:installment) is not one text: skipped.
      if (depth === itemDepth + 2) field = null;
      return;
    }
    const name = fieldName(tag);
    if (tag.local === 'link' && typeof tag.attributes.href === 'object') {
      // Atom: <link rel="alternate" href="..."/>; the first alternate (or unmarked) link.
      const rel = tag.attributes.rel?.value ?? 'alternate';
      if (rel === 'alternate') addField(fields, name, tag.attributes.href.value.trim());
      return;
    }
    field = name;
    text = '';
  });

  const collect = (chunk: string) => {
    if (chunk.trim()) justClosedItem = false;
    if (field !== null && depth === itemDepth + 1 && text.length < COLLECT_CHARS) {
      text += chunk;
    }
  };
  parser.on('text', collect);
  parser.on('cdata', collect);

  parser.on('closetag', () => {
    justClosedItem = false;
    if (stopped) return;
    if (itemDepth && depth === itemDepth + 1 && field !== null) {
      const value = text.trim();
      if (value) addField(fields, field, value);
      field = null;
    } else if (itemDepth && depth === itemDepth) {
      itemDepth = 0;
      justClosedItem = true;
      ready.push({ row: items, fields });
      fields = {};
    }
    depth -= 1;
  });

  parser.on('error', (error) => {
    stop(
      `XML rusak di baris ${parser.line} kolom ${parser.column}: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}; pembacaan berhenti`,
    );
  });

  const decoder = new StringDecoder('utf8');
  const feed = (chunk: string) => {
    try {
      parser.write(chunk);
    } catch {
      // saxes reports through 'error' first; a throw after it is the same problem.
      stop(`XML rusak di baris ${parser.line} kolom ${parser.column}; pembacaan berhenti`);
    }
  };
  for await (const chunk of bufferChunks(input)) {
    feed(decoder.write(chunk));
    yield* ready.splice(0);
    if (stopped) return;
  }
  feed(decoder.end());
  if (!stopped) {
    try {
      parser.close();
    } catch {
      stop(`XML rusak di baris ${parser.line} kolom ${parser.column}; pembacaan berhenti`);
    }
  }
  if (!stopped && !rootChecked) stop('Feed kosong: tidak ada elemen XML');
  yield* ready.splice(0);
}
