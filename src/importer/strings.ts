import type { ImportStep } from "./steps";

/**
 * The importer's own words: labels, headings and announcements. The spec's error messages are
 * not here: they come from the rules, in the message catalog's words (the element's `messages`).
 * A host passes any subset of these (`strings`) to say them in its language; English for the rest.
 */
export interface ImporterStrings {
  title: string;
  steps: Record<ImportStep, string>;
  chooseFile: string;
  dropHint: string;
  fileChosen: (name: string, bytes: number) => string;
  fileTooLarge: (bytes: number, limit: number) => string;
  kindLegend: string;
  kindMembers: string;
  kindMatters: string;
  productLabel: string;
  mappingIntro: string;
  headerCell: string;
  columnChoice: string;
  suggested: (column: string, percent: number, reason: string) => string;
  reasons: Record<"exact" | "case-or-spacing" | "alias" | "fuzzy", string>;
  leaveAsWritten: string;
  noSuggestion: string;
  requiredUnmatched: (columns: string[]) => string;
  allRequiredMatched: string;
  useSavedMapping: string;
  savedMappingApplied: string;
  checking: string;
  checkPassed: (rows: number) => string;
  checkFailed: (errors: number) => string;
  fileErrorHeading: string;
  gridLabel: string;
  gridHelp: string;
  columnRow: string;
  columnColumn: string;
  columnValue: string;
  columnProblem: string;
  editLabel: (column: string, row: number) => string;
  notEditable: string;
  rowChecked: (row: number, remaining: number) => string;
  reviewIntro: string;
  reviewCreated: (count: number) => string;
  reviewUpdated: (count: number) => string;
  reviewAbsent: (count: number) => string;
  reviewMatters: (rows: number) => string;
  reviewWithoutPlan: (rows: number) => string;
  submit: string;
  submitting: string;
  submittedEvent: string;
  serverAccepted: (status: number, created: number, updated: number) => string;
  serverRefused: string;
  serverFailed: (message: string) => string;
  startAgain: string;
  back: string;
  next: string;
  stepsLabel: string;
}

/**
 * A whole number with commas between thousands. Not `toLocaleString`: its first call loads the
 * locale data, 40 ms of the page's main thread.
 */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

const count = (n: number, one: string, many: string) => `${grouped(n)} ${n === 1 ? one : many}`;

/** The importer's words in English, the default of every key. */
export const ENGLISH_IMPORTER_STRINGS: ImporterStrings = {
  title: "Import a file",
  steps: {
    file: "File",
    kind: "Kind",
    mapping: "Header",
    check: "Check and fix",
    review: "Review",
    done: "Submit",
  },
  chooseFile: "Choose a CSV file",
  dropHint: "or drop it here (at most 10 MiB)",
  fileChosen: (name, bytes) => `${name}, ${grouped(bytes)} bytes`,
  fileTooLarge: (bytes, limit) =>
    `The file is ${grouped(bytes)} bytes; the interface takes at most ${grouped(limit)} bytes (10 MiB). Split it into smaller files.`,
  kindLegend: "What does the file hold?",
  kindMembers: "Members",
  kindMatters: "Matters",
  productLabel: "Product",
  mappingIntro: "Say which column each header of your file means.",
  headerCell: "Header in your file",
  columnChoice: "Column",
  suggested: (column, percent, reason) => `Suggested: ${column} (${percent}%, ${reason})`,
  reasons: {
    exact: "exact name",
    "case-or-spacing": "same name, other case or spacing",
    alias: "a known alias",
    fuzzy: "a similar name",
  },
  leaveAsWritten: "Leave as written",
  noSuggestion: "No suggestion",
  requiredUnmatched: (columns) => `Required and not matched yet: ${columns.join(", ")}.`,
  allRequiredMatched: "Every required column is matched.",
  useSavedMapping: "Use the saved mapping",
  savedMappingApplied: "The saved mapping is applied.",
  checking: "Checking the file…",
  checkPassed: (rows) => `The file passes every rule: ${count(rows, "row", "rows")} ready.`,
  checkFailed: (errors) => `${count(errors, "problem", "problems")} to fix.`,
  fileErrorHeading: "The file cannot be imported",
  gridLabel: "Problems in the file",
  gridHelp:
    "Arrow keys move between cells. Enter edits a value and saves it; Escape cancels the edit.",
  columnRow: "Row",
  columnColumn: "Column",
  columnValue: "Value",
  columnProblem: "Problem",
  editLabel: (column, row) => `${column}, row ${row}`,
  notEditable: "This cell is not in the file's header; fix the header or the file.",
  rowChecked: (row, remaining) =>
    `Row ${row} checked again. ${count(remaining, "problem", "problems")} left.`,
  reviewIntro: "What the import would do:",
  reviewCreated: (n) => `${count(n, "member", "members")} created`,
  reviewUpdated: (n) => `${count(n, "member", "members")} updated`,
  reviewAbsent: (n) =>
    `${count(n, "member", "members")} with the product not in the file (they keep their access)`,
  reviewMatters: (rows) => `${count(rows, "matter row", "matter rows")} to upsert`,
  reviewWithoutPlan: (rows) => `${count(rows, "row", "rows")} pass every rule.`,
  submit: "Import",
  submitting: "Importing…",
  submittedEvent: "The file was handed to the page.",
  serverAccepted: (status, created, updated) =>
    `The server answered ${status}: ${grouped(created)} created, ${grouped(updated)} updated.`,
  serverRefused: "The server refused the file:",
  serverFailed: (message) => `The import failed: ${message}`,
  startAgain: "Import another file",
  back: "Back",
  next: "Next",
  stepsLabel: "Import steps",
};

/** English with the host's words over it (one level deep: `steps` and `reasons` merge too). */
export function importerStrings(own: Partial<ImporterStrings> | undefined): ImporterStrings {
  if (own === undefined) return ENGLISH_IMPORTER_STRINGS;
  return {
    ...ENGLISH_IMPORTER_STRINGS,
    ...own,
    steps: { ...ENGLISH_IMPORTER_STRINGS.steps, ...own.steps },
    reasons: { ...ENGLISH_IMPORTER_STRINGS.reasons, ...own.reasons },
  };
}
