import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import browserAliases from "../../browser-aliases.json";
import { performMemberEmails } from "../../src/domain/snapshot";
import { exampleFiles } from "../../src/examples/files";
import { checkMatterCsv } from "../../src/matters/validate";
import { summarizeMemberImport } from "../../src/members/summary";
import { validateMemberCsv } from "../../src/members/validate";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "../support/chromium";
import { FIXTURE_NOW, FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";
import { ROOT } from "../support/serve";

/** What the page runs: the browser build's own functions on the cases it is handed. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>rpdi corpus</title><link rel="icon" href="data:,">
<script type="module">
import * as rpdi from "/rpdi.js";
const bytes = (base64) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
window.runMembers = (cases) => cases.map((each) => {
  const verdict = rpdi.validateMemberCsv(bytes(each.csv), { ...each.context, now: new Date(each.now) });
  return verdict.ok ? rpdi.summarizeMemberImport(verdict.rows, each.context.members, each.context.product) : verdict.result;
});
window.runMatters = (cases) => cases.map((each) => {
  const check = rpdi.checkMatterCsv(bytes(each.csv), each.options);
  return { result: check.result, problems: check.problems ?? null };
});
window.example = () => rpdi.validateMatterCsv(rpdi.exampleFiles["matters/upsert-changes.csv"], { ruleSet: "upsert", performMemberEmails: [] });
window.ready = true;
</script>`;

/*
 * The browser build (src/browser.ts, bundled as tsup bundles it: platform browser, every
 * dependency inside) in headless Chromium, against the member and matter fixture corpus: every
 * answer equals Node's for the same bytes, organization and clock.
 */
describe.skipIf(!HAS_CHROMIUM)(`the browser build in headless Chromium${NO_CHROMIUM}`, () => {
  let server: Server;
  let origin: string;
  let page: Page;
  let problems: string[] = [];
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const bundled = await build({
      entryPoints: [join(ROOT, "src/browser.ts")],
      bundle: true,
      platform: "browser",
      alias: browserAliases,
      format: "esm",
      loader: { ".csv": "text" },
      write: false,
      logLevel: "silent",
    });
    const script = bundled.outputFiles[0]?.text ?? "";
    server = createServer((request, response) => {
      const [type, body] =
        request.url === "/rpdi.js"
          ? ["text/javascript", script]
          : request.url === "/"
            ? ["text/html; charset=utf-8", PAGE]
            : [undefined, ""];
      response.writeHead(type === undefined ? 404 : 200, type ? { "content-type": type } : {});
      response.end(body);
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ({ page, problems, close } = await launchChromium());
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
  });

  afterAll(async () => {
    await close();
    server?.close();
  });

  it("answers every member fixture exactly as Node does", async () => {
    const pairs = fixturePairs("members");
    const cases = pairs.map((pair) => {
      const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as {
        product: "RECRUIT" | "PERFORM" | "UNI";
        org?: string;
      };
      const snapshot = loadSnapshot(
        resolve(dirname(pair.json), fixture.org ?? `${FIXTURES}/org.json`),
      );
      const context = {
        product: fixture.product,
        organization: snapshot.organization,
        members: snapshot.members,
        externalUserEmails: snapshot.externalUserEmails,
      };
      const bytes = readFileSync(pair.csv);
      const verdict = validateMemberCsv(bytes, { ...context, now: FIXTURE_NOW });
      const node = verdict.ok
        ? summarizeMemberImport(verdict.rows, snapshot.members, fixture.product)
        : verdict.result;
      return {
        name: pair.name,
        node,
        input: { csv: bytes.toString("base64"), context, now: FIXTURE_NOW.toISOString() },
      };
    });
    const browser = await page.evaluate(
      (inputs) =>
        (window as unknown as { runMembers: (c: unknown) => unknown[] }).runMembers(inputs),
      cases.map((each) => each.input),
    );
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(Object.fromEntries(cases.map((each, index) => [each.name, browser[index]]))).toEqual(
      Object.fromEntries(cases.map((each) => [each.name, each.node])),
    );
    expect(problems).toEqual([]);
  });

  it("answers every matter fixture exactly as Node does, with each problem's reason", async () => {
    const emails = performMemberEmails(loadSnapshot(join(FIXTURES, "org.json")));
    const cases = fixturePairs("matters").map((pair) => {
      const fixture = JSON.parse(readFileSync(pair.json, "utf8")) as {
        ruleSet: "upsert" | "legacy";
      };
      const bytes = readFileSync(pair.csv);
      const options = { ruleSet: fixture.ruleSet, performMemberEmails: emails };
      const check = checkMatterCsv(bytes, options);
      return {
        name: pair.name,
        node: { result: check.result, problems: check.problems ?? null },
        input: { csv: bytes.toString("base64"), options },
      };
    });
    const browser = await page.evaluate(
      (inputs) =>
        (window as unknown as { runMatters: (c: unknown) => unknown[] }).runMatters(inputs),
      cases.map((each) => each.input),
    );
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(Object.fromEntries(cases.map((each, index) => [each.name, browser[index]]))).toEqual(
      Object.fromEntries(cases.map((each) => [each.name, each.node])),
    );
    expect(problems).toEqual([]);
  });

  it("carries the example files: the guides' matter file validates in the page", async () => {
    const answer = await page.evaluate(() =>
      (window as unknown as { example: () => { numValidRows: number } }).example(),
    );
    expect(answer).toEqual(
      checkMatterCsv(exampleFiles["matters/upsert-changes.csv"], {
        ruleSet: "upsert",
        performMemberEmails: [],
      }).result,
    );
  });
});
