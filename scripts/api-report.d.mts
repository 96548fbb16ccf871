// Types of scripts/api-report.mjs, for test/source/public-api.test.ts.

export interface ExportedName {
  name: string;
  /** `function`, `class`, `const`, `interface`, `type`, ...: several when declarations merge. */
  kinds: string[];
  /** Reached through `export type` / `import type`: a value usable only in types. */
  typeOnly: boolean;
}

export interface EntryExports {
  /** The import specifier (`rpdi/http`), with the condition of a variant (`rpdi (browser)`). */
  label: string;
  exports: ExportedName[];
}

export const REPORT_PATH: string;
export function entryPoints(): { label: string; source: string }[];
export function collectExports(): EntryExports[];
export function renderReport(entries?: EntryExports[]): string;
export function diffReports(committed: string, current: string): string[];
export function checkReport(): { ok: boolean; diff: string[]; report: string };
