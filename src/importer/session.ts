import { headerKey } from "../csv/headers";
import { type CsvReadError, csvSizeError } from "../csv/read";
import { MATTER_HEADERS, MEMBER_HEADERS } from "../domain/headers";
import type { Product } from "../domain/products";
import { readCsvHeaderCells, remapMatterCsv, remapMemberCsv } from "../mapping/remap";
import { suggestMatterColumns, suggestMemberColumns } from "../mapping/suggest";
import { REQUIRED_MATTER_HEADERS } from "../matters/columns";
import { matterReadFailure } from "../matters/sheet";
import { checkMatterCsvAsync } from "../matters/validate-async";
import { memberReadFailure, REQUIRED_MEMBER_HEADERS } from "../members/sheet";
import { summarizeMemberImport } from "../members/summary";
import { validateMemberCsvAsync } from "../members/validate-async";
import type { PartialMessageCatalog } from "../messages/types";
import { memberBodyCells } from "./body-cells";
import { type EditableRecords, readRecords, setCell, writeRecords } from "./edits";
import type {
  CellError,
  CheckReport,
  HeaderSuggestions,
  ImporterContext,
  ImportKind,
} from "./protocol";

/** A check's settings, kept so an edit is checked again with the same ones. */
export interface CheckSettings {
  kind: ImportKind;
  product: Product;
  ruleSet: "upsert" | "legacy";
  mapping: readonly [string, string][];
  context: ImporterContext;
  messages: PartialMessageCatalog | undefined;
}

/** Why a check could not run: the mapping does not fit the file, or the host left out the organization. */
export type CheckOutcome = { ok: true; report: CheckReport } | { ok: false; message: string };

/**
 * One file being imported, as the worker holds it: the bytes chosen, the bytes after the header
 * mapping and the person's edits, and the last check's settings. Every answer comes from the
 * browser build's own rules, so it is the server's for the same bytes.
 */
export class ImportSession {
  #original: Uint8Array = new Uint8Array(0);
  /** The chosen file's header cells, read once. */
  #originalHeader: string[] = [];
  #current: Uint8Array = new Uint8Array(0);
  /** The keys (`headerKey`) of the mapped file's header cells: an edit never changes that row. */
  #currentKeys: ReadonlySet<string> = new Set();
  #records: EditableRecords | null = null;
  #settings: CheckSettings | null = null;
  /** The size of a file refused unread, or `null`. */
  #oversize: number | null = null;

  /** Takes the chosen file. */
  open(bytes: Uint8Array): void {
    this.#oversize = null;
    this.#original = bytes;
    this.#current = bytes;
    this.#records = null;
    this.#settings = null;
    this.#originalHeader = headerCells(bytes);
  }

  /** Takes a file over the limit by its size alone: the page did not read it, nor does the check. */
  openOversize(size: number): void {
    this.open(new Uint8Array(0));
    this.#oversize = size;
  }

  /** What each header cell most likely means, for the kind of file. */
  suggest(kind: ImportKind): HeaderSuggestions {
    const cells = this.#originalHeader;
    if (kind === "members") {
      const answer = suggestMemberColumns(cells);
      return {
        cells: answer.cells,
        columns: MEMBER_HEADERS,
        required: REQUIRED_MEMBER_HEADERS,
      };
    }
    const answer = suggestMatterColumns(cells);
    return {
      cells: answer.cells,
      columns: MATTER_HEADERS,
      required: REQUIRED_MATTER_HEADERS,
    };
  }

  /** Rewrites the header by the mapping and checks the file with the spec's rules. */
  async check(settings: CheckSettings): Promise<CheckOutcome> {
    const mapped = this.#remap(settings);
    if (!mapped.ok) return mapped;
    this.#current = mapped.bytes;
    this.#currentKeys = new Set(headerCells(mapped.bytes).map(headerKey));
    this.#records = null;
    this.#settings = settings;
    return this.#checkCurrent();
  }

  /** Sets one cell of the file as it is now and checks it again, with the last check's settings. */
  async edit(rowNumber: number, column: string, value: string): Promise<CheckOutcome> {
    if (this.#settings === null) return { ok: false, message: "The file was not checked yet." };
    this.#records ??= readRecords(this.#current);
    if (this.#records === null || !setCell(this.#records, rowNumber, column, value))
      return { ok: false, message: `Row ${rowNumber + 1} has no cell "${column}".` };
    this.#current = writeRecords(this.#records);
    return this.#checkCurrent();
  }

  /** The file as it would be sent: the header mapped, the edits made. */
  bytes(): Uint8Array {
    return this.#current;
  }

  #remap(
    settings: CheckSettings,
  ): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
    if (settings.mapping.length === 0) return { ok: true, bytes: this.#original };
    const mapping = new Map(settings.mapping);
    const remapped =
      settings.kind === "members"
        ? remapMemberCsv(this.#original, mapping)
        : remapMatterCsv(this.#original, mapping);
    if (remapped.ok) return { ok: true, bytes: remapped.file };
    // An unreadable file is the validators' to judge: they answer the spec's file error for it.
    if (remapped.error.code === "UNREADABLE_FILE") return { ok: true, bytes: this.#original };
    return { ok: false, message: remapped.error.message };
  }

  async #checkCurrent(): Promise<CheckOutcome> {
    const settings = this.#settings as CheckSettings;
    if (this.#oversize !== null)
      return { ok: true, report: oversizeReport(settings, this.#oversize) };
    const keys = this.#currentKeys;
    const editable = (column: string) => keys.has(headerKey(column));
    const { context } = settings;
    if (settings.kind === "matters") {
      const check = await checkMatterCsvAsync(this.#current, {
        ruleSet: settings.ruleSet,
        performMemberEmails: context.performMemberEmails ?? [],
        messages: settings.messages,
        pace: null,
      });
      const errors: CellError[] = check.problems.map((problem) => ({
        rowNumber: problem.rowNumber,
        column: problem.column,
        value: problem.value ?? "",
        message: problem.message,
        editable: editable(problem.column),
      }));
      return {
        ok: true,
        report: {
          kind: "matters",
          result: check.result,
          cells: errors,
          fileMessage: check.result.fileError?.description ?? null,
          validRows: check.result.numValidRows,
          review: null,
        },
      };
    }
    if (context.organization === undefined)
      return {
        ok: false,
        message: "The page passed no organization to check a member file against.",
      };
    const members = context.members ?? [];
    const verdict = await validateMemberCsvAsync(this.#current, {
      product: settings.product,
      organization: context.organization,
      members,
      externalUserEmails: context.externalUserEmails ?? [],
      now: context.now ?? new Date(),
      messages: settings.messages,
      pace: null,
    });
    if (verdict.ok) {
      const summary = summarizeMemberImport(verdict.rows, members, settings.product);
      return {
        ok: true,
        report: {
          kind: "members",
          result: null,
          cells: [],
          fileMessage: null,
          validRows: verdict.rows.length,
          review: {
            createdCount: summary.createdCount,
            updatedCount: summary.updatedCount,
            absentCount: summary.absentMembers.length,
          },
        },
      };
    }
    return {
      ok: true,
      report: {
        kind: "members",
        result: verdict.result,
        cells: memberBodyCells(verdict.result, editable),
        fileMessage: verdict.result.fileError?.message ?? null,
        validRows: 0,
        review: null,
      },
    };
  }
}

/** The file's header cells, or none when it cannot be read. */
function headerCells(bytes: Uint8Array): string[] {
  const header = readCsvHeaderCells(bytes);
  return header.ok ? header.cells : [];
}

/** The spec's answer to a file over the limit, as the server gives it without reading the file. */
function oversizeReport(settings: CheckSettings, size: number): CheckReport {
  const error = csvSizeError(size) as CsvReadError;
  if (settings.kind === "members") {
    const result = memberReadFailure(error, settings.messages);
    const message = result.fileError?.message ?? null;
    return { kind: "members", result, cells: [], fileMessage: message, validRows: 0, review: null };
  }
  const result = matterReadFailure(error, settings.messages);
  const message = result.fileError?.description ?? null;
  return { kind: "matters", result, cells: [], fileMessage: message, validRows: 0, review: null };
}
