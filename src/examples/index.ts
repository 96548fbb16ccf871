/**
 * `rpdi/examples`: the organizations and files the guides use, from the package itself, so a
 * sample runs in any project that installs rpdi. Each call answers a fresh copy.
 */
import organization from "../../fixtures/org.json";
import sandbox from "../../fixtures/sandbox.json";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../domain/snapshot";

export { type ExampleFileName, exampleFiles } from "./files";

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
