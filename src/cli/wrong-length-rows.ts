import { isBlankRecord } from "../csv/cells";
import { type CsvInput, MAX_CSV_BYTES, readCsvRecords } from "../csv/read";

/** How many row numbers a sentence names before it gives a count instead. */
const NAMED_ROWS = 5;

/** The data rows whose field count differs from the header's (blank rows aside, as imports skip them). */
export interface WrongLengthRows {
  headerFields: number;
  /** Non-blank data rows of the header's length. */
  rightLength: number;
  /** The first few rows of another length, by number (the spec's: the header is row 0). */
  named: number[];
  count: number;
  fewestFields: number;
  mostFields: number;
}

/** `null` when the file cannot be read as CSV. */
export function wrongLengthRows(input: CsvInput): WrongLengthRows | null {
  const found: WrongLengthRows = {
    headerFields: 0,
    rightLength: 0,
    named: [],
    count: 0,
    fewestFields: Number.POSITIVE_INFINITY,
    mostFields: 0,
  };
  const read = readCsvRecords(
    input,
    (record, index) => {
      if (index === 0) {
        found.headerFields = record.length;
        return;
      }
      if (isBlankRecord(record)) return;
      if (record.length === found.headerFields) {
        found.rightLength++;
        return;
      }
      found.count++;
      if (found.named.length < NAMED_ROWS) found.named.push(index);
      found.fewestFields = Math.min(found.fewestFields, record.length);
      found.mostFields = Math.max(found.mostFields, record.length);
    },
    MAX_CSV_BYTES,
  );
  return read.ok ? found : null;
}

/** "Rows 3 and 7", "Row 4", "Rows 3, 7, 9, 12, 15 and 20 others". */
export function rowList(rows: WrongLengthRows, skip = 0): string {
  const named = rows.named.slice(skip);
  const others = rows.count - skip - named.length;
  const words = named.map(String);
  if (others > 0) words.push(`${others.toLocaleString("en-US")} other${others === 1 ? "" : "s"}`);
  const last = words.pop() ?? "";
  const list = words.length === 0 ? last : `${words.join(", ")} and ${last}`;
  return `${rows.count - skip === 1 ? "Row" : "Rows"} ${list}`;
}

/** "5 fields", "5 or 6 fields", "from 2 to 7 fields". */
export function fieldCounts(rows: WrongLengthRows): string {
  const { fewestFields: fewest, mostFields: most } = rows;
  if (fewest === most) return `${fewest} field${fewest === 1 ? "" : "s"}`;
  return most === fewest + 1 ? `${fewest} or ${most} fields` : `from ${fewest} to ${most} fields`;
}

/** "Rows 3 and 7 were not checked: they have 5 fields where the header has 4." */
export function notCheckedSentence(rows: WrongLengthRows): string {
  const one = rows.count === 1;
  return `${rowList(rows)} ${one ? "was" : "were"} not checked: ${one ? "it has" : "they have"} ${fieldCounts(rows)} where the header has ${rows.headerFields}.`;
}

/**
 * Under a file error that names the first row of the wrong length: the others, so one pass can
 * fix them all; `null` when that row is the only one.
 */
export function otherWrongLengthRowsSentence(rows: WrongLengthRows | null): string | null {
  if (rows === null || rows.count < 2) return null;
  return `${rowList(rows, 1)} also ${rows.count === 2 ? "has" : "have"} a field count other than the header's ${rows.headerFields}.`;
}
