import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { dirname, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { performMemberEmails } from "../../src/domain/snapshot";
import { checkMatterCsv } from "../../src/matters/validate";
import { summarizeMemberImport } from "../../src/members/summary";
import { validateMemberCsv } from "../../src/members/validate";
import { generateMemberBenchInput } from "../bench/member-file";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "../support/chromium";
import { FIXTURE_NOW, FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";
import {
  LARGE_BYTES,
  measureImporterCheck,
  withUnknownLevels,
} from "../support/importer-long-task";
import { bundleImporter, serveImporterPage } from "../support/importer-page";

/** A fifth of the 1 to 2 s a check of the large file takes on the main thread. */
const MAIN_THREAD_BOUND_MS = 250;

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
    errors: unknown[];
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
  const report = importer.report as { review: unknown } | null;
  return {
    result: importer.result,
    report: { review: report?.review ?? null, cells: importer.errors },
  };
};

describe.skipIf(!HAS_CHROMIUM)(`<rpdi-importer> in headless Chromium${NO_CHROMIUM}`, () => {
  let server: Server;
  let origin: string;
  /** A realistic member file of almost 10 MiB, two rows in five with a level the organization lacks. */
  const large = generateMemberBenchInput(LARGE_BYTES, 2_000);
  const largeCsv = withUnknownLevels(large.csv);
  let page: Page;
  let problems: string[] = [];
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    ({ server, origin } = await serveImporterPage(await bundleImporter(), (path) =>
      path === "/large.csv" ? { type: "text/csv", body: largeCsv } : undefined,
    ));
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

  it("checks a file of almost 10 MiB off the main thread: no main-thread task comes near a check's length, and the grid draws only the rows in view", async () => {
    expect(Buffer.byteLength(largeCsv)).toBeGreaterThan(9.5 * 1024 * 1024);
    expect(Buffer.byteLength(largeCsv)).toBeLessThanOrEqual(10 * 1024 * 1024);
    const measure = () => measureImporterCheck(page, large);
    /*
     * The 50 ms target is a speed figure and lives in `npm run bench` (importer-long-task.bench.ts),
     * measured alone. Here, beside every other suite on two cores, a task of 20 ms was seen
     * stretched past 50. What this test holds is where the check runs: on the main thread it is
     * one task of 1 to 2 s for this file, so no task may reach a fifth of that, in the best of up
     * to five runs.
     */
    const runs = [await measure()];
    while (runs.length < 5 && (runs.at(-1)?.longest ?? 0) >= MAIN_THREAD_BOUND_MS)
      runs.push(await measure());
    const measured = runs.reduce((best, run) => (run.longest < best.longest ? run : best));
    expect(measured.errors).toBeGreaterThan(10_000);
    expect(measured.rowCount).toBe(measured.errors + 1);
    expect(measured.drawn).toBeLessThan(40);
    expect(measured.lastDrawn).toBe(measured.errors + 1);
    expect(
      measured.longest,
      `${measured.tasks} long tasks: ${measured.marks.join(", ")}`,
    ).toBeLessThan(MAIN_THREAD_BOUND_MS);
    expect(problems).toEqual([]);
  });

  it("shows a server's 400 body as the check shows its own, and Escape leaves a cell as it was", async () => {
    const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
    const csv = readFileSync(join(FIXTURES, "demo/new-hires-with-mistakes.csv")).toString("base64");
    const shown = await page.evaluate(
      async ({ csv, organization, members }) => {
        type Importer = HTMLElement & {
          context: unknown;
          client: unknown;
          restart(): void;
          chooseFile(file: File): Promise<void>;
          go(step: string): Promise<void>;
        };
        const importer = (window as unknown as { importer: Importer }).importer;
        const root = importer.shadowRoot as ShadowRoot;
        const texts = (selector: string) =>
          Array.from(root.querySelectorAll(selector), (each) => each.textContent);
        const settle = () => new Promise((done) => setTimeout(done, 50));
        importer.restart();
        importer.setAttribute("kind", "members");
        importer.setAttribute("product", "PERFORM");
        importer.context = { organization, members, now: new Date("2026-06-15T00:00:00Z") };
        const bytes = Uint8Array.from(atob(csv), (char) => char.charCodeAt(0));
        await importer.chooseFile(new File([bytes], "new-hires.csv"));
        await importer.go("check");
        const checkRows = texts(".grid-body [role=row]");
        // Escape: the value cell goes back to its text, unchanged, and keeps focus.
        const cell = root.querySelector<HTMLElement>(
          "[role=gridcell][tabindex='0']",
        ) as HTMLElement;
        const valueBefore = cell.textContent;
        cell.focus();
        cell.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
        const input = root.querySelector("input[type=text]") as HTMLInputElement;
        input.value = "changed";
        input.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
        await settle();
        const afterEscape = {
          before: valueBefore,
          text: cell.textContent,
          focused: root.activeElement === cell,
          rows: texts(".grid-body [role=row]"),
        };
        // A server refusing the file (its members changed since the page read them): the element
        // renders the 400 body exactly as the check rendered its own.
        const body = JSON.parse(
          JSON.stringify((importer as unknown as { result: unknown }).result),
        );
        importer.client = {
          members: {
            importCsv: () =>
              Promise.reject(Object.assign(new Error("refused"), { status: 400, body })),
          },
          matters: { upsert: () => Promise.reject(new Error("unused")) },
        };
        // A file that passes the check, then the server refuses it.
        importer.restart();
        await importer.chooseFile(
          new File(
            [
              new TextEncoder().encode(
                "First Name,Last Name,Email\nAda,Lovelace,ada.lovelace@hartwell.example\n",
              ),
            ],
            "one.csv",
          ),
        );
        await importer.go("check");
        await importer.go("review");
        await importer.go("done");
        (root.querySelector("[part~=primary]") as HTMLButtonElement).click();
        for (let wait = 0; wait < 100 && root.querySelector("[data-status]") === null; wait++)
          await settle();
        return {
          checkRows,
          afterEscape,
          status: root.querySelector("[data-status]")?.getAttribute("data-status"),
          answerRows: texts(".grid-body [role=row]"),
        };
      },
      { csv, organization: snapshot.organization, members: snapshot.members },
    );
    expect(shown.checkRows.length).toBeGreaterThan(3);
    expect(shown.afterEscape.before).toBe("ben.marsh@hartwell");
    expect(shown.afterEscape.text).toBe("ben.marsh@hartwell");
    expect(shown.afterEscape.focused).toBe(true);
    expect(shown.afterEscape.rows).toEqual(shown.checkRows);
    expect(shown.status).toBe("400");
    expect(shown.answerRows).toEqual(shown.checkRows);
    expect(problems).toEqual([]);
  });
});
