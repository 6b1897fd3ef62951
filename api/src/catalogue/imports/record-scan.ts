/**
 * The import's counting pass without csv-parse (session 41): the records of a CSV file counted
 * from its bytes, with no cell built. csv-parse spent 3.2 s of CPU on this pass at 100,000 rows
 * before anything could be written; this scan reads the same bytes in a fraction of that.
 *
 * It follows csv-parse 7 with CSV_READING_RULES (csv-source.ts) byte for byte on files it can
 * decide, and says so (UNDECIDED) on anything else, where the caller counts with csv-parse as
 * before, which then throws its own error with its own line: the job's message and the rule
 * that broken quoting fails the job before anything is written stay csv-parse's. Undecided:
 * - broken quoting (a quote inside an unquoted cell, anything but a delimiter or the record
 *   delimiter after a closing quote, a quote left open at the end), which csv-parse refuses;
 * - a CR or LF outside quotes that is not the file's record delimiter (csv-parse keeps the
 *   first of CRLF, LF and CR it meets outside quotes, and reads any other as a cell's text);
 * - a record of more than MAX bytes as written (csv-parse's limit counts its cells' text, never
 *   more than the bytes);
 * - a record none of whose bytes is plainly visible text (printable ASCII) that has a quote, a
 *   control character or a non-ASCII byte: csv-parse skips a record whose cells are all blank
 *   after `trim()` (skip_records_with_empty_values), and whether such bytes trim away is its
 *   decision; a record of only delimiters, spaces and tabs (Excel's trailing `;;;;`) is skipped
 *   here as there, and an empty line too (skip_empty_lines);
 * - a UTF-16 BOM (csv-parse then reads the file as UTF-16).
 * A UTF-8 BOM is skipped, as csv-parse does.
 */

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const TAB = 0x09;
const VT = 0x0b;
const FF = 0x0c;
const SPACE = 0x20;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The scan cannot decide this file: count it with csv-parse. */
export const UNDECIDED = Symbol('undecided');

/** The record delimiter, once met: none yet, CRLF, LF or CR. */
const enum Ending {
  Unknown,
  CrLf,
  Lf,
  Cr,
}

/** One byte's kind for a record's blankness: blank (trimmed away), text, or undecided. */
const enum Kind {
  Blank,
  Text,
  Other,
}

function kindOf(byte: number): Kind {
  if (byte > SPACE && byte < 0x7f) return Kind.Text;
  if (byte === SPACE || byte === TAB || byte === VT || byte === FF || byte === CR || byte === LF) {
    return Kind.Blank;
  }
  return Kind.Other;
}

/**
 * Counts records as csv-parse (CSV_READING_RULES, `delimiter`) would give them, fed the file's
 * bytes in order (`push`, then `end`). After UNDECIDED the scanner is done with the file.
 */
export class RecordScanner {
  private readonly delimiter: number;
  private readonly maxRecordBytes: number;
  /** The records counted so far (csv-parse's, the header included). */
  records = 0;
  private undecided = false;
  /** The file's first bytes, held until the BOM can be told (three bytes). */
  private head: number[] | null = [];
  private ending = Ending.Unknown;
  private quoting = false;
  /** Inside quotes, the last byte was a quote: an escaped quote or the closing one. */
  private quotePending = false;
  /** Just after a closing quote: a delimiter or the record delimiter must follow. */
  private closed = false;
  /** A CR outside quotes, which a LF may follow. */
  private crPending = false;
  private fieldBytes = 0;
  private recordBytes = 0;
  private recordHasText = false;
  /** A quote or a byte whose blankness csv-parse decides (kindOf: Other). */
  private recordDubious = false;

  constructor(delimiter: ',' | ';', maxRecordBytes: number) {
    this.delimiter = delimiter.charCodeAt(0);
    this.maxRecordBytes = maxRecordBytes;
  }

  /** False once the file is undecided. */
  push(buffer: Uint8Array): boolean {
    if (this.undecided) return false;
    let start = 0;
    if (this.head) {
      while (this.head.length < 3 && start < buffer.length) this.head.push(buffer[start++]!);
      if (this.head.length < 3) return true;
      const head = this.head;
      this.head = null;
      if (!this.bom(head)) return false;
    }
    return this.scan(buffer, start);
  }

  /** The records in the file, or UNDECIDED. */
  end(): number | typeof UNDECIDED {
    if (this.head) {
      const head = this.head;
      this.head = null;
      if (!this.bom(head)) return UNDECIDED;
    }
    if (this.undecided) return UNDECIDED;
    if (this.quotePending) {
      // A closing quote at the very end.
      this.quotePending = false;
      this.quoting = false;
      this.closed = true;
    }
    if (this.quoting) return UNDECIDED;
    if (this.crPending) {
      this.crPending = false;
      if (this.ending === Ending.CrLf) return UNDECIDED;
      this.ending = Ending.Cr;
      if (!this.endRecord()) return UNDECIDED;
    } else if (this.recordBytes > 0 && !this.endRecord()) {
      return UNDECIDED;
    }
    return this.records;
  }

  /** Skips a UTF-8 BOM; a UTF-16 one is undecided. Scans the other bytes held. */
  private bom(head: number[]): boolean {
    if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return this.fail();
    const skip = UTF8_BOM.every((byte, index) => head[index] === byte) ? 3 : 0;
    return this.scan(Uint8Array.from(head.slice(skip)), 0);
  }

  private fail(): false {
    this.undecided = true;
    return false;
  }

  /** A record ends (the record delimiter outside quotes, or the file's end). */
  private endRecord(): boolean {
    if (this.recordBytes > 0) {
      if (this.recordHasText) this.records++;
      else if (this.recordDubious) return this.fail();
      // Otherwise only delimiters and blanks: every cell trims to '', csv-parse skips it.
    }
    this.recordBytes = 0;
    this.fieldBytes = 0;
    this.recordHasText = false;
    this.recordDubious = false;
    this.closed = false;
    return true;
  }

  private scan(buffer: Uint8Array, start: number): boolean {
    const delimiter = this.delimiter;
    const length = buffer.length;
    for (let index = start; index < length; index++) {
      const byte = buffer[index]!;
      if (this.crPending) {
        this.crPending = false;
        // (Set only while the record delimiter is unknown or CRLF.)
        if (byte === LF) {
          this.ending = Ending.CrLf;
          if (!this.endRecord()) return false;
          continue;
        }
        if (this.ending === Ending.CrLf) return this.fail();
        this.ending = Ending.Cr;
        if (!this.endRecord()) return false;
        // This byte starts the next record: read on below.
      }
      if (this.quoting) {
        if (this.quotePending) {
          this.quotePending = false;
          if (byte === QUOTE) {
            // An escaped quote: a '"' in the cell's text.
            this.recordHasText = true;
            this.fieldBytes++;
            if (++this.recordBytes > this.maxRecordBytes) return this.fail();
            continue;
          }
          this.quoting = false;
          this.closed = true;
          // This byte follows the closing quote: read on below.
        } else {
          // The quoted text up to the next quote in one run (a description is most of a
          // file's bytes): the same counts and kinds as a byte at a time.
          // (The opening quote already marked the record dubious.)
          let end = index;
          let text = false;
          while (end < length) {
            const next = buffer[end]!;
            if (next === QUOTE) break;
            if (next > SPACE && next < 0x7f) text = true;
            end++;
          }
          this.fieldBytes += end - index;
          // The closing (or doubled) quote counts as a byte of the record too.
          this.recordBytes += end - index + (end < length ? 1 : 0);
          if (text) this.recordHasText = true;
          if (this.recordBytes > this.maxRecordBytes) return this.fail();
          if (end < length) this.quotePending = true;
          index = end;
          continue;
        }
      }
      if (byte === CR) {
        this.closed = false;
        if (this.ending === Ending.Lf) return this.fail();
        if (this.ending === Ending.Cr) {
          if (!this.endRecord()) return false;
        } else {
          this.crPending = true;
        }
        continue;
      }
      if (byte === LF) {
        this.closed = false;
        if (this.ending === Ending.Unknown) this.ending = Ending.Lf;
        else if (this.ending !== Ending.Lf) return this.fail();
        if (!this.endRecord()) return false;
        continue;
      }
      if (++this.recordBytes > this.maxRecordBytes) return this.fail();
      if (byte === delimiter) {
        this.closed = false;
        this.fieldBytes = 0;
        continue;
      }
      // After a closing quote only a delimiter or the record delimiter may come.
      if (this.closed) return this.fail();
      if (byte === QUOTE) {
        // A quote opens a cell only as its first byte.
        if (this.fieldBytes > 0) return this.fail();
        this.quoting = true;
        this.recordDubious = true;
        continue;
      }
      this.fieldBytes++;
      const kind = kindOf(byte);
      if (kind === Kind.Text) this.recordHasText = true;
      else if (kind === Kind.Other) this.recordDubious = true;
    }
    return true;
  }
}
