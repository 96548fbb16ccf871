import { distance } from "fastest-levenshtein";
import {
  MATTER_HEADERS,
  type MatterHeader,
  MEMBER_HEADERS,
  type MemberHeader,
} from "../domain/headers";
import { REQUIRED_MATTER_HEADERS } from "../matters/columns";
import { REQUIRED_MEMBER_HEADERS } from "../members/sheet";
import { type ColumnAlias, MATTER_ALIASES, MEMBER_ALIASES } from "./aliases";
import { AUTO_ACCEPT_CONFIDENCE } from "./confidence";

export { AUTO_ACCEPT_CONFIDENCE };

/** The highest confidence a fuzzy match can have: below {@link AUTO_ACCEPT_CONFIDENCE}. */
export const FUZZY_CEILING = 0.8;

/** Why a header cell was matched to a column. */
export type HeaderMatchReason = "exact" | "case-or-spacing" | "alias" | "fuzzy";

/** What one header cell most likely means. */
export interface ColumnSuggestion<Column extends string> {
  /** The cell's position in the header row (0-based). */
  index: number;
  /** The cell as written. */
  cell: string;
  /** The spec column it most likely means, or `null` when none is near. */
  column: Column | null;
  /** 0 to 1; 0 when `column` is `null`. */
  confidence: number;
  reason: HeaderMatchReason | null;
}

/** {@link suggestMemberColumns}' and {@link suggestMatterColumns}' answer. */
export interface ColumnSuggestions<Column extends string> {
  /** One entry per header cell, in the header's order. No two name the same column. */
  cells: ColumnSuggestion<Column>[];
  /** Required spec columns that no cell was matched to, in the spec's order. */
  unmatchedRequired: Column[];
  /** Cells (trimmed) matched to no column, in the header's order; blank cells included. */
  unmatchedCells: string[];
}

const EXACT = 1;
const CASE_OR_SPACING = 0.95;
const MIN_FUZZY_SIMILARITY = 0.75;
/** No header or alias is near this long: a longer cell is compared exactly only. */
const MAX_FUZZY_LENGTH = 64;
const CANDIDATES_PER_CELL = 3;

interface KnownName<Column extends string> {
  key: string;
  column: Column;
  confidence: number;
  alias: boolean;
}

interface Catalogue<Column extends string> {
  columns: readonly Column[];
  required: readonly Column[];
  /** Every header and alias by its compact key. */
  byKey: Map<string, KnownName<Column>>;
  names: readonly KnownName<Column>[];
}

function catalogue<Column extends string>(
  columns: readonly Column[],
  required: readonly Column[],
  aliases: readonly ColumnAlias<Column>[],
): Catalogue<Column> {
  const names: KnownName<Column>[] = columns.map((column) => ({
    key: compactKey(column),
    column,
    confidence: EXACT,
    alias: false,
  }));
  for (const alias of aliases)
    names.push({
      key: compactKey(alias.name),
      column: alias.column,
      confidence: alias.confidence,
      alias: true,
    });
  const byKey = new Map<string, KnownName<Column>>();
  // Headers first: an alias never shadows a spec column's own name.
  for (const name of names) if (!byKey.has(name.key)) byKey.set(name.key, name);
  return { columns, required, byKey, names };
}

let members: Catalogue<MemberHeader> | undefined;
let matters: Catalogue<MatterHeader> | undefined;

/**
 * For each cell of a member file's header row, the spec column it most likely means, how sure
 * that is and why; then the required columns still unmatched and the cells that match nothing.
 * Two cells never get the same column: the more confident keeps it. Never throws.
 */
export function suggestMemberColumns(
  headerCells: readonly string[],
): ColumnSuggestions<MemberHeader> {
  members ??= catalogue(MEMBER_HEADERS, REQUIRED_MEMBER_HEADERS, MEMBER_ALIASES);
  return suggestColumns(headerCells, members);
}

/** {@link suggestMemberColumns} for a matter file's header row. */
export function suggestMatterColumns(
  headerCells: readonly string[],
): ColumnSuggestions<MatterHeader> {
  matters ??= catalogue(MATTER_HEADERS, REQUIRED_MATTER_HEADERS, MATTER_ALIASES);
  return suggestColumns(headerCells, matters);
}

/**
 * The suggestions a host may apply without asking: cell (trimmed) → column, for each cell at or
 * above `threshold` whose text is not already the column's name.
 */
export function acceptedColumnMapping<Column extends string>(
  suggestions: ColumnSuggestions<Column>,
  threshold: number = AUTO_ACCEPT_CONFIDENCE,
): Map<string, Column> {
  const mapping = new Map<string, Column>();
  for (const suggestion of suggestions.cells) {
    const cell = suggestion.cell.trim();
    if (
      suggestion.column !== null &&
      suggestion.confidence >= threshold &&
      cell !== suggestion.column
    )
      mapping.set(cell, suggestion.column);
  }
  return mapping;
}

interface Candidate<Column extends string> {
  index: number;
  column: Column;
  confidence: number;
  reason: HeaderMatchReason;
}

function suggestColumns<Column extends string>(
  headerCells: readonly string[],
  known: Catalogue<Column>,
): ColumnSuggestions<Column> {
  const candidates: Candidate<Column>[] = [];
  headerCells.forEach((cell, index) => {
    for (const candidate of cellCandidates(String(cell), index, known)) candidates.push(candidate);
  });
  const order = new Map(known.columns.map((column, position) => [column, position]));
  candidates.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      a.index - b.index ||
      (order.get(a.column) ?? 0) - (order.get(b.column) ?? 0),
  );
  const byCell = new Map<number, Candidate<Column>>();
  const taken = new Set<Column>();
  for (const candidate of candidates) {
    if (byCell.has(candidate.index) || taken.has(candidate.column)) continue;
    byCell.set(candidate.index, candidate);
    taken.add(candidate.column);
  }
  const cells = headerCells.map((cell, index): ColumnSuggestion<Column> => {
    const chosen = byCell.get(index);
    return chosen === undefined
      ? { index, cell: String(cell), column: null, confidence: 0, reason: null }
      : {
          index,
          cell: String(cell),
          column: chosen.column,
          confidence: chosen.confidence,
          reason: chosen.reason,
        };
  });
  return {
    cells,
    unmatchedRequired: known.required.filter((column) => !taken.has(column)),
    unmatchedCells: cells
      .filter((suggestion) => suggestion.column === null)
      .map((suggestion) => suggestion.cell.trim()),
  };
}

/** The best few columns one cell may mean, most confident first. */
function cellCandidates<Column extends string>(
  cell: string,
  index: number,
  known: Catalogue<Column>,
): Candidate<Column>[] {
  const trimmed = cell.trim();
  const exact = known.columns.find((column) => column === trimmed);
  if (exact !== undefined) return [{ index, column: exact, confidence: EXACT, reason: "exact" }];
  const key = compactKey(trimmed);
  if (key === "") return [];
  const named = known.byKey.get(key);
  if (named !== undefined)
    return [
      {
        index,
        column: named.column,
        confidence: named.alias ? named.confidence : CASE_OR_SPACING,
        reason: named.alias ? "alias" : "case-or-spacing",
      },
    ];
  if (key.length < 4 || key.length > MAX_FUZZY_LENGTH) return [];
  const best = new Map<Column, number>();
  for (const name of known.names) {
    const similarity = 1 - distance(key, name.key) / Math.max(key.length, name.key.length);
    if (similarity < MIN_FUZZY_SIMILARITY) continue;
    const confidence = Math.floor(FUZZY_CEILING * similarity * name.confidence * 100) / 100;
    if (confidence > (best.get(name.column) ?? 0)) best.set(name.column, confidence);
  }
  return [...best]
    .sort((a, b) => b[1] - a[1])
    .slice(0, CANDIDATES_PER_CELL)
    .map(([column, confidence]) => ({ index, column, confidence, reason: "fuzzy" as const }));
}

/**
 * A header's letters and digits alone, lower-cased: `E-mail Address`, `email_address` and
 * `EmailAddress` are one key. `#` reads as "number" (`Employee #`), `&` as "and".
 */
export function compactKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replaceAll("#", "number")
    .replaceAll("&", "and")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}
