import { MATTER_FIELD_BIT, type MatterField } from "./columns";

/** A matter row that passed every rule. Emails carry the Perform member's stored spelling. */
export interface ValidatedMatterRow {
  /** 1-based position among data rows, header excluded, blank rows keeping their slot. */
  rowNumber: number;
  matterId: string;
  matterName: string;
  attorneyEmail: string;
  billingAttorneyEmail: string;
  /** `yyyy-MM-dd`, or `null` when blank. */
  startDate: string | null;
  endDate: string | null;
  hoursBilled: number;
  clientName: string;
  description: string | null;
}

/** A row while rules run: trimmed cell texts, parsed values, and the columns that failed. */
export interface DraftMatterRow {
  rowNumber: number;
  texts: Record<MatterField, string | null>;
  /** The parsed values, after `rowNumber`: once every rule passed, this is the validated row. */
  values: Partial<ValidatedMatterRow> & { rowNumber: number };
  /** The failed columns, one bit each (MATTER_FIELD_BIT): no allocation per row. */
  failed: number;
}

export function markFailed(row: DraftMatterRow, field: MatterField): void {
  row.failed |= MATTER_FIELD_BIT[field];
}
