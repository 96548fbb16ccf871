import type { LegacyUploadConflict } from "./plan-legacy";

const LISTED_ROWS = 20;

/**
 * Why a deprecated upload was refused (409), row by row: the upsert owns every change to stored
 * entries and client matters, so each reason ends by pointing to it.
 */
export function legacyConflictText(conflicts: readonly LegacyUploadConflict[]): string {
  const lines = conflicts.slice(0, LISTED_ROWS).map((conflict) => {
    const where = `Row ${conflict.rowNumber} (Matter ID ${conflict.matterId}, Client Name ${conflict.clientName})`;
    return conflict.kind === "ENTRY_EXISTS"
      ? `${where}: ${conflict.attorneyEmail} already has an entry on this client matter.`
      : `${where}: the client matter exists under another Matter Name, which this upload may not change.`;
  });
  if (conflicts.length > LISTED_ROWS) {
    lines.push(`… and ${conflicts.length - LISTED_ROWS} more rows.`);
  }
  lines.push(
    "Nothing was written; change stored entries and client matters with the upsert endpoint.",
  );
  return lines.join("\n");
}
