/**
 * `rpdi/examples`: the organizations and files the guides use, from the package itself, so a
 * sample runs in any project that installs rpdi. Each call answers a fresh copy.
 */
import newHires from "../../fixtures/demo/new-hires.csv";
import newHiresWithMistakes from "../../fixtures/demo/new-hires-with-mistakes.csv";
import matterReasons from "../../fixtures/matters/reasons.csv";
import matterChanges from "../../fixtures/matters/upsert-changes.csv";
import organization from "../../fixtures/org.json";
import sandbox from "../../fixtures/sandbox.json";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../store/snapshot";

/**
 * Hartwell & Price LLP (`hartwell`): offices, departments, members of every product and a review
 * cycle; the organization the example files are written for.
 */
export function exampleOrganization(): OrganizationSnapshot {
  return parseOrganizationSnapshot(structuredClone(organization));
}

/**
 * The sandbox organization `rpdi serve` serves (`sandbox`): the same firm with clearly fake
 * admin logins (`sandbox.admin@hartwell.example` and, with MFA, `sandbox.mfa@hartwell.example`,
 * password `sandbox-password`), pipelines and job applications with their status history.
 */
export function sandboxOrganization(): OrganizationSnapshot {
  return parseOrganizationSnapshot(structuredClone(sandbox));
}

/**
 * The example CSV files, by the path `rpdi examples <dir>` writes each under: member files
 * valid and with the spec's row errors for PERFORM, and matter files for the upsert.
 */
export const exampleFiles = {
  /** Valid for PERFORM in {@link exampleOrganization}: creates and updates members. */
  "demo/new-hires.csv": newHires,
  /** The spec's row errors, one kind per row. */
  "demo/new-hires-with-mistakes.csv": newHiresWithMistakes,
  /** A matter upsert into the example organization's review cycle: creates and changes entries. */
  "matters/upsert-changes.csv": matterChanges,
  /** A matter file whose rows each break one rule, with the reason rpdi gives for each. */
  "matters/reasons.csv": matterReasons,
} as const satisfies Record<string, string>;

/** The name of an example file (see {@link exampleFiles}). */
export type ExampleFileName = keyof typeof exampleFiles;
