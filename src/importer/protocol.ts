import type { MatterHeader, MemberHeader } from "../domain/headers";
import type { Member } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { Product } from "../domain/products";
import type { HeaderMatchReason } from "../mapping/suggest";
import type { MatterValidationResult } from "../matters/result";
import type { MemberValidationResult } from "../members/result";
import type { PartialMessageCatalog } from "../messages/types";

/** Which file the person imports. */
export type ImportKind = "members" | "matters";

/**
 * What the rules read besides the file, as the host serves it for the signed-in admin: the
 * organization and its members (credentials blanked) for a member file, the Perform members'
 * addresses for a matter file. Plain data: it is copied to the worker.
 */
export interface ImporterContext {
  organization?: OrganizationProfile;
  members?: readonly Member[];
  externalUserEmails?: readonly string[];
  performMemberEmails?: readonly string[];
  /** The clock the year rules read; the page's when absent. */
  now?: Date;
}

/** One header cell, what rpdi suggests it means, and how sure that is. */
export interface HeaderCellSuggestion {
  index: number;
  cell: string;
  column: string | null;
  confidence: number;
  reason: HeaderMatchReason | null;
}

/** The header step's data: every cell's suggestion and the spec's columns for the kind. */
export interface HeaderSuggestions {
  cells: HeaderCellSuggestion[];
  columns: readonly (MemberHeader | MatterHeader)[];
  required: readonly (MemberHeader | MatterHeader)[];
}

/** One cell of the file that broke a rule: one row of the error grid. */
export interface CellError {
  /** The spec's row number (1-based among data rows); the sheet shows it as `rowNumber + 1`. */
  rowNumber: number;
  column: string;
  value: string;
  message: string;
  /** Whether the cell exists in the file's header, so the person can edit it in place. */
  editable: boolean;
}

/** What the import would do, from the same summary the server answers with. */
export interface ImportReview {
  createdCount: number;
  updatedCount: number;
  absentCount: number;
}

/** The errors of a check, read one at a time (an array is one; the element's parses each on first read). */
export interface CellList {
  readonly length: number;
  at(index: number): CellError | undefined;
}

/** The check's answer: the spec's body for the file as it is now, and its errors as cells. */
export type CheckReport =
  | {
      kind: "members";
      result: MemberValidationResult | null;
      cells: CellList;
      fileMessage: string | null;
      validRows: number;
      review: ImportReview | null;
    }
  | {
      kind: "matters";
      result: MatterValidationResult;
      cells: CellList;
      fileMessage: string | null;
      validRows: number;
      review: null;
    };

/** What the element asks its worker; each request carries an id its answer repeats. */
export type WorkerRequest =
  /** The file itself: the worker reads it, so its bytes never pass through the page's main thread. */
  | { type: "open"; id: number; file: Blob }
  /** A file over the limit, never read: its check is the spec's size error for its size. */
  | { type: "open-oversize"; id: number; size: number }
  | { type: "suggest"; id: number; kind: ImportKind }
  | {
      type: "check";
      id: number;
      kind: ImportKind;
      product: Product;
      ruleSet: "upsert" | "legacy";
      mapping: [string, string][];
      context: ImporterContext;
      messages: PartialMessageCatalog | undefined;
    }
  | { type: "edit"; id: number; rowNumber: number; column: string; value: string }
  | { type: "bytes"; id: number };

/** The worker's answers. */
export type WorkerAnswer =
  | { type: "opened"; id: number }
  | { type: "suggested"; id: number; suggestions: HeaderSuggestions }
  | { type: "checked"; id: number; report: WireReport }
  | { type: "remap-failed"; id: number; message: string }
  | { type: "bytes"; id: number; bytes: ArrayBuffer }
  | { type: "failed"; id: number; message: string };

/**
 * A {@link CheckReport} as the worker sends it: the body as JSON text, parsed only when the host
 * asks for it, and the errors as one text with each one's offsets, parsed one by one as the grid
 * shows them. One string crosses threads at once; 10,000 errors as objects, twice, held the
 * page's main thread past 50 ms.
 */
export type WireReport = Omit<CheckReport, "result" | "cells"> & {
  resultJson: string;
  cellsText: string;
  cellOffsets: Uint32Array;
};
