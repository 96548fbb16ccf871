import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { performMemberEmails } from "../../src/domain/snapshot";
import { checkMatterCsv } from "../../src/matters/validate";
import { summarizeMemberImport } from "../../src/members/summary";
import { validateMemberCsv } from "../../src/members/validate";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "../support/chromium";
import { FIXTURE_NOW, FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";
import { bundleImporter, serveImporterPage } from "../support/importer-page";

interface CheckInput {
  csv: string;
  kind: "members" | "matters";
  product: string;
  ruleSet: string;
  context: Record<string, unknown>;
  now: string;
}

/**
 * Drives the element as a person would through its public steps: the file chosen, the kind and
 * product set, every header cell left as written (so the bytes checked are the fixture's), then
 * the check; answers the element's body and report.
 */
const CHECK_AS_WRITTEN = async (input: CheckInput) => {
  type Importer = HTMLElement & {
    context: unknown;
    restart(): void;
    chooseFile(file: File): Promise<void>;
    go(step: string): Promise<void>;
    result: unknown;
    report: unknown;
  };
  const importer = (window as unknown as { importer: Importer }).importer;
  importer.restart();
  importer.setAttribute("kind", input.kind);
  importer.setAttribute("product", input.product);
  importer.setAttribute("rule-set", input.ruleSet);
  importer.context = { ...input.context, now: new Date(input.now) };
  const bytes = Uint8Array.from(atob(input.csv), (char) => char.charCodeAt(0));
  await importer.chooseFile(new File([bytes], "fixture.csv", { type: "text/csv" }));
  await importer.go("mapping");
  const root = importer.shadowRoot as ShadowRoot;
  for (;;) {
    const select = Array.from(root.querySelectorAll("select")).find((each) => each.value !== "");
    if (select === undefined) break;
    select.value = "";
    select.dispatchEvent(new Event("change"));
  }
  await importer.go("check");
  return { result: importer.result, report: importer.report };
};

describe.skipIf(!HAS_CHROMIUM)(`<rpdi-importer> in headless Chromium${NO_CHROMIUM}`, () => {
  let server: Server;
  let origin: string;
  let page: Page;
  let problems: string[] = [];
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    ({ server, origin } = await serveImporterPage(await bundleImporter()));
    ({ page, problems, close } = await launchChromium());
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  });

  afterAll(async () => {
    await close();
    server?.close();
  });

  it("shows, for every member fixture, the body Node's rules answer for the same bytes", async () => {
    const pairs = fixturePairs("members");
    expect(pairs.length).toBeGreaterThanOrEqual(40);
    const mismatches: string[] = [];
    for (const pair of pairs) {
      const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as {
        product: "RECRUIT" | "PERFORM" | "UNI";
        org?: string;
      };
      const snapshot = loadSnapshot(
        resolve(dirname(pair.json), fixture.org ?? `${FIXTURES}/org.json`),
      );
      const context = {
        organization: snapshot.organization,
        members: snapshot.members,
        externalUserEmails: snapshot.externalUserEmails,
      };
      const bytes = readFileSync(pair.csv);
      const verdict = validateMemberCsv(bytes, {
        ...context,
        product: fixture.product,
        now: FIXTURE_NOW,
      });
      const shown = await page.evaluate(CHECK_AS_WRITTEN, {
        csv: bytes.toString("base64"),
        kind: "members" as const,
        product: fixture.product,
        ruleSet: "upsert",
        context,
        now: FIXTURE_NOW.toISOString(),
      });
      const report = shown.report as {
        review: unknown;
        cells: { rowNumber: number; column: string; message: string }[];
      };
      if (verdict.ok) {
        const summary = summarizeMemberImport(verdict.rows, snapshot.members, fixture.product);
        const expected = {
          createdCount: summary.createdCount,
          updatedCount: summary.updatedCount,
          absentCount: summary.absentMembers.length,
        };
        if (shown.result !== null || JSON.stringify(report.review) !== JSON.stringify(expected))
          mismatches.push(pair.name);
      } else {
        const cells = verdict.result.rowColumnErrors.map((error) => ({
          rowNumber: error.rowNumber,
          column: error.columnName,
          message: error.message,
        }));
        const shownCells = report.cells.map(({ rowNumber, column, message }) => ({
          rowNumber,
          column,
          message,
        }));
        if (
          JSON.stringify(shown.result) !== JSON.stringify(verdict.result) ||
          JSON.stringify(shownCells) !== JSON.stringify(cells)
        )
          mismatches.push(pair.name);
      }
    }
    expect(mismatches).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("shows, for every matter fixture, the body and reasons Node's rules answer for the same bytes", async () => {
    const emails = performMemberEmails(loadSnapshot(join(FIXTURES, "org.json")));
    const pairs = fixturePairs("matters");
    expect(pairs.length).toBeGreaterThanOrEqual(30);
    const mismatches: string[] = [];
    for (const pair of pairs) {
      const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as {
        ruleSet: "upsert" | "legacy";
      };
      const bytes = readFileSync(pair.csv);
      const check = checkMatterCsv(bytes, {
        ruleSet: fixture.ruleSet,
        performMemberEmails: emails,
      });
      const shown = await page.evaluate(CHECK_AS_WRITTEN, {
        csv: bytes.toString("base64"),
        kind: "matters" as const,
        product: "PERFORM",
        ruleSet: fixture.ruleSet,
        context: { performMemberEmails: emails },
        now: FIXTURE_NOW.toISOString(),
      });
      const report = shown.report as {
        cells: { rowNumber: number; column: string; message: string }[];
      };
      const cells = check.problems.map((problem) => ({
        rowNumber: problem.rowNumber,
        column: problem.column,
        message: problem.message,
      }));
      const shownCells = report.cells.map(({ rowNumber, column, message }) => ({
        rowNumber,
        column,
        message,
      }));
      if (
        JSON.stringify(shown.result) !== JSON.stringify(check.result) ||
        JSON.stringify(shownCells) !== JSON.stringify(cells)
      )
        mismatches.push(pair.name);
    }
    expect(mismatches).toEqual([]);
    expect(problems).toEqual([]);
  });
});
