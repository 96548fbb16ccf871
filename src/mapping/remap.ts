import { headerKey } from "../csv/headers";
import { parseCsvRecords } from "../csv/parse";
import {
  type CsvInput,
  type CsvReadError,
  checkCsv,
  hasUtf8Bom,
  MAX_CSV_BYTES,
  malformedCsvError,
} from "../csv/read";
import { writeCsv } from "../csv/write";
import {
  MATTER_HEADERS,
  type MatterHeader,
  MEMBER_HEADERS,
  type MemberHeader,
} from "../domain/headers";

/**
 * Header cell (as the user wrote it) → spec column. A `Map`, or a plain record read through its
 * own keys only, so a cell named `__proto__` or `constructor` is just another cell.
 */
export type ColumnMappingInput = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

/** Why a file's header could not be rewritten; `message` says it to a person. */
export type RemapError =
  | { code: "UNKNOWN_SOURCE"; cell: string; message: string }
  | { code: "UNKNOWN_TARGET"; target: string; message: string }
  | { code: "DUPLICATE_TARGET"; column: string; cells: string[]; message: string }
  | { code: "UNREADABLE_FILE"; readError: CsvReadError; message: string };

/** What {@link remapMemberCsv} answers. The file is of the kind given: text for text, bytes else. */
export type RemapResult<File> =
  | { ok: true; file: File; header: string[] }
  | { ok: false; error: RemapError };

/** The file as a remap returns it: a string stays a string, bytes come back as bytes. */
export type RemappedFile<Input extends CsvInput> = Input extends string ? string : Uint8Array;

/**
 * Rewrites the header row of a member file by `mapping` so the strict validator then reads it
 * unchanged: every byte after the header (rows, line endings, quoting) and a leading byte order
 * mark stay as they were; the header's cells are written again, quoted where RFC 4180 needs it.
 * Cells the mapping does not name stay. Sizes and encoding are checked before anything is parsed.
 * Never throws.
 */
export function remapMemberCsv<Input extends CsvInput>(
  file: Input,
  mapping: ColumnMappingInput,
  limit: number = MAX_CSV_BYTES,
): RemapResult<RemappedFile<Input>> {
  return remapCsvHeader(file, mapping, MEMBER_HEADERS, limit);
}

/** {@link remapMemberCsv} for a matter file. */
export function remapMatterCsv<Input extends CsvInput>(
  file: Input,
  mapping: ColumnMappingInput,
  limit: number = MAX_CSV_BYTES,
): RemapResult<RemappedFile<Input>> {
  return remapCsvHeader(file, mapping, MATTER_HEADERS, limit);
}

/**
 * The header row's cells as the validators read them (untrimmed), for suggesting a mapping, or
 * why the file cannot be read. Checks size and encoding first; parses the header row alone.
 */
export function readCsvHeaderCells(
  file: CsvInput,
  limit: number = MAX_CSV_BYTES,
): { ok: true; cells: string[] } | { ok: false; error: RemapError } {
  const split = splitHeader(file, limit);
  return split.ok ? { ok: true, cells: split.cells } : split;
}

/** The mapping as a Map, whatever its form, read through own keys only. */
export function mappingEntries(mapping: ColumnMappingInput): [string, string][] {
  if (mapping instanceof Map) return [...(mapping as ReadonlyMap<string, string>)];
  return Object.entries(mapping as Readonly<Record<string, string>>);
}

function remapCsvHeader<Column extends MemberHeader | MatterHeader, Input extends CsvInput>(
  file: Input,
  mapping: ColumnMappingInput,
  columns: readonly Column[],
  limit: number,
): RemapResult<RemappedFile<Input>> {
  const split = splitHeader(file, limit);
  if (!split.ok) return split;
  const canonical = new Map<string, Column>(
    columns.map((column) => [column.toLowerCase(), column]),
  );
  const targets = new Map<string, Column>();
  for (const [source, target] of mappingEntries(mapping)) {
    const column = canonical.get(String(target).trim().toLowerCase());
    if (column === undefined)
      return fail({
        code: "UNKNOWN_TARGET",
        target: String(target),
        message: `"${String(target)}" is not a column of the file (${columns.join(", ")}).`,
      });
    targets.set(headerKey(String(source)), column);
  }
  const used = new Set<string>();
  const header = split.cells.map((cell) => {
    const column = targets.get(headerKey(cell));
    if (column === undefined) return cell;
    used.add(headerKey(cell));
    return column;
  });
  for (const [source] of mappingEntries(mapping))
    if (!used.has(headerKey(String(source))))
      return fail({
        code: "UNKNOWN_SOURCE",
        cell: String(source),
        message: `The header has no column "${String(source).trim()}".`,
      });
  const duplicate = duplicateTarget(split.cells, header, canonical);
  if (duplicate !== null) return fail(duplicate);
  const written = writeCsv([header], { escapeFormulas: false }).replace(/\r\n$/, "");
  return { ok: true, file: join(file, split, written) as RemappedFile<Input>, header };
}

/** Two cells that name one column after the mapping, when the mapping made it so. */
function duplicateTarget(
  before: readonly string[],
  after: readonly string[],
  canonical: ReadonlyMap<string, string>,
): Extract<RemapError, { code: "DUPLICATE_TARGET" }> | null {
  const cellsByColumn = new Map<string, string[]>();
  const mapped = new Set<string>();
  after.forEach((cell, index) => {
    const column = canonical.get(cell.trim().toLowerCase());
    if (column === undefined) return;
    const original = (before[index] as string).trim();
    if (original !== cell) mapped.add(column);
    const cells = cellsByColumn.get(column) ?? [];
    cells.push(original);
    cellsByColumn.set(column, cells);
  });
  for (const [column, cells] of cellsByColumn)
    if (cells.length > 1 && mapped.has(column))
      return {
        code: "DUPLICATE_TARGET",
        column,
        cells,
        message: `${cells.map((cell) => `"${cell}"`).join(" and ")} would both be "${column}"; map one column to each.`,
      };
  return null;
}

interface SplitHeader {
  ok: true;
  cells: string[];
  /** A byte order mark led the file. */
  bom: boolean;
  /** Where the header row ends (its line break, or the end), in the input's own units. */
  end: number;
}

/** Finds the header row without parsing further, then parses it alone with csv-parse. */
function splitHeader(
  file: CsvInput,
  limit: number,
): SplitHeader | { ok: false; error: RemapError } {
  const checked = checkCsv(file, limit);
  if (!checked.ok) return unreadable(checked.error);
  if (typeof file === "string") {
    const bom = file.charCodeAt(0) === 0xfeff;
    const start = bom ? 1 : 0;
    const end = headerEnd((i) => file.charCodeAt(i), start, file.length);
    const cells = parseHeader(new TextEncoder().encode(file.slice(start, end)));
    return cells.ok ? { ok: true, cells: cells.cells, bom, end } : cells;
  }
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  const bom = hasUtf8Bom(bytes);
  const start = bom ? 3 : 0;
  const end = headerEnd((i) => bytes[i] as number, start, bytes.length);
  const cells = parseHeader(bytes.subarray(start, end));
  return cells.ok ? { ok: true, cells: cells.cells, bom, end } : cells;
}

function parseHeader(
  bytes: Uint8Array,
): { ok: true; cells: string[] } | { ok: false; error: RemapError } {
  const records: string[][] = [];
  const error = parseCsvRecords(bytes, (record) => records.push(record));
  if (error !== null && error !== undefined) return unreadable(malformedCsvError(error));
  return { ok: true, cells: records[0] ?? [] };
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const COMMA = 0x2c;

/**
 * Where the first record ends: the first CR or LF outside a quoted field (RFC 4180, as csv-parse
 * reads it: a quote opens a quoted field only at the field's start; `""` inside is a quote).
 */
function headerEnd(code: (index: number) => number, start: number, length: number): number {
  let quoted = false;
  let fieldStart = true;
  for (let i = start; i < length; i++) {
    const c = code(i);
    if (quoted) {
      if (c !== QUOTE) continue;
      if (i + 1 < length && code(i + 1) === QUOTE) i++;
      else quoted = false;
      continue;
    }
    if (c === CR || c === LF) return i;
    if (c === QUOTE && fieldStart) quoted = true;
    fieldStart = c === COMMA;
  }
  return length;
}

function join(file: CsvInput, split: SplitHeader, header: string): string | Uint8Array {
  if (typeof file === "string")
    return `${split.bom ? "\ufeff" : ""}${header}${file.slice(split.end)}`;
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  const head = new TextEncoder().encode(header);
  const bom = split.bom ? 3 : 0;
  const rest = bytes.subarray(split.end);
  const out = new Uint8Array(bom + head.length + rest.length);
  if (split.bom) out.set(bytes.subarray(0, 3));
  out.set(head, bom);
  out.set(rest, bom + head.length);
  return out;
}

function unreadable(readError: CsvReadError): { ok: false; error: RemapError } {
  return fail({ code: "UNREADABLE_FILE", readError, message: readError.message });
}

function fail(error: RemapError): { ok: false; error: RemapError } {
  return { ok: false, error };
}
