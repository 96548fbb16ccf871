import hrisExport from "../../fixtures/demo/hris-export.csv";
import newHires from "../../fixtures/demo/new-hires.csv";
import newHiresWithMistakes from "../../fixtures/demo/new-hires-with-mistakes.csv";
import matterReasons from "../../fixtures/matters/reasons.csv";
import matterChanges from "../../fixtures/matters/upsert-changes.csv";

/**
 * The example CSV files, by the path `rpdi examples <dir>` writes each under: member files
 * valid and with the spec's row errors for PERFORM, and matter files for the upsert.
 */
export const exampleFiles = {
  /** Valid for PERFORM in {@link exampleOrganization}: creates and updates members. */
  "demo/new-hires.csv": newHires,
  /** The spec's row errors, one kind per row. */
  "demo/new-hires-with-mistakes.csv": newHiresWithMistakes,
  /** The new hires as an HRIS export writes them: other headers, for `--auto-map` and `--map`. */
  "demo/hris-export.csv": hrisExport,
  /** A matter upsert into the example organization's review cycle: creates and changes entries. */
  "matters/upsert-changes.csv": matterChanges,
  /** A matter file whose rows each break one rule, with the reason rpdi gives for each. */
  "matters/reasons.csv": matterReasons,
} as const satisfies Record<string, string>;

/** The name of an example file (see {@link exampleFiles}). */
export type ExampleFileName = keyof typeof exampleFiles;
