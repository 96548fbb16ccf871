import { headerKey } from "../csv/headers";
import { AUTO_ACCEPT_CONFIDENCE } from "../mapping/confidence";
import type { HeaderSuggestions } from "./protocol";

/** Suggestions at or above this are chosen for the person; below, they are offered only. */
export const PRESELECT_CONFIDENCE = AUTO_ACCEPT_CONFIDENCE;

/** The column chosen for each header cell, by the cell's position; `null` leaves the cell as written. */
export type HeaderChoices = (string | null)[];

/** The first choices: each sure suggestion (a saved mapping is applied over them by {@link applySaved}). */
export function initialChoices(suggestions: HeaderSuggestions): HeaderChoices {
  return suggestions.cells.map((cell) =>
    cell.column !== null && cell.confidence >= PRESELECT_CONFIDENCE ? cell.column : null,
  );
}

/** A saved mapping's entries that name a cell of this header and a column of this kind, by the cell's key. */
function savedKeys(
  suggestions: HeaderSuggestions,
  saved: Readonly<Record<string, string>> | undefined,
): Map<string, string> {
  const columns = new Set<string>(suggestions.columns);
  const byKey = new Map<string, string>();
  if (saved === undefined) return byKey;
  for (const [cell, column] of Object.entries(saved))
    if (columns.has(column)) byKey.set(headerKey(cell), column);
  return byKey;
}

/** Whether a saved mapping has anything to say about this header. */
export function savedMappingApplies(
  suggestions: HeaderSuggestions,
  saved: Readonly<Record<string, string>> | undefined,
): boolean {
  const byKey = savedKeys(suggestions, saved);
  return suggestions.cells.some((cell) => byKey.has(headerKey(cell.cell)));
}

/** The choices with a saved mapping applied over them (the person's other choices kept). */
export function applySaved(
  suggestions: HeaderSuggestions,
  choices: HeaderChoices,
  saved: Readonly<Record<string, string>>,
): HeaderChoices {
  const byKey = savedKeys(suggestions, saved);
  return suggestions.cells.map(
    (cell, index) => byKey.get(headerKey(cell.cell)) ?? choices[index] ?? null,
  );
}

/** The column each cell will have after the mapping: its choice, or its own text trimmed. */
function resultingColumns(suggestions: HeaderSuggestions, choices: HeaderChoices): string[] {
  return suggestions.cells.map((cell, index) => choices[index] ?? cell.cell.trim());
}

/** The required columns no cell will carry, in the spec's order. */
export function unmatchedRequired(
  suggestions: HeaderSuggestions,
  choices: HeaderChoices,
): string[] {
  const present = new Set(resultingColumns(suggestions, choices).map((name) => name.toLowerCase()));
  return suggestions.required.filter((column) => !present.has(column.toLowerCase()));
}

/** The mapping for the remap: cell → column, for each cell whose choice differs from its text. */
export function mappingOf(
  suggestions: HeaderSuggestions,
  choices: HeaderChoices,
): [string, string][] {
  const entries: [string, string][] = [];
  suggestions.cells.forEach((cell, index) => {
    const choice = choices[index];
    if (choice !== null && choice !== undefined && choice !== cell.cell.trim())
      entries.push([cell.cell, choice]);
  });
  return entries;
}
