import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transform } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { runCliInMemory } from "../support/cli";
import { ROOT, startServe } from "../support/serve";
import {
  type CodeSample,
  codeSamples,
  documentationPages,
  pageModule,
  requirementsMet,
  STANDALONE_PAGES,
  shellCommands,
  shellWords,
} from "./extract";

/*
 * Every code sample of the README and docs/ runs here (conventions in docs/decisions.md):
 * - `ts` blocks of a page run as one module, in page order (the README's blocks each alone, as
 *   a reader copies one); `requires=NAME` keeps a block out
 *   unless that environment variable is set (CI sets DATABASE_URL); `test-file` marks a block
 *   that registers tests itself, imported while this file is collected; `no-run=pkg[,pkg]` marks
 *   a block written for a package rpdi does not install (Express, Fastify): it must be valid
 *   TypeScript importing that package, and the package must really be absent, or it would run.
 * - `sh` blocks: `rpdi …` lines run through the CLI; `curl …` lines run against a sandbox
 *   started for the page and must get a 2xx or 3xx; `npm …` lines are the README's install,
 *   demo and test commands, which CI itself runs.
 */
const SAMPLE_DIR = join(ROOT, "test/docs/.samples");
mkdirSync(SAMPLE_DIR, { recursive: true });

const pages = documentationPages(ROOT).map((page) => ({ page, samples: codeSamples(ROOT, page) }));
/** The packages a `no-run=…` block needs and this repository does not install. */
const absentPackages = (sample: CodeSample) =>
  sample.info.flatMap((word) => /^no-run=(\S+)$/.exec(word)?.[1]?.split(",") ?? []);
const runnable = (sample: CodeSample) =>
  absentPackages(sample).length === 0 && requirementsMet(sample, process.env);
const moduleFile = (page: string, suffix: string) =>
  join(SAMPLE_DIR, `${page.replace(/[^\w]+/g, "-")}${suffix}.ts`);

for (const { page, samples } of pages) {
  const testFiles = samples.filter(
    (sample) => sample.language === "ts" && sample.info.includes("test-file"),
  );
  for (const [index, sample] of testFiles.entries()) {
    const file = moduleFile(page, `-test-file-${index}`);
    writeFileSync(file, pageModule([sample]));
    describe(`${page}:${sample.line} (a test file of its own)`, async () => {
      await import(file);
    });
  }
}

/** Imports a sample module with console.log silenced. */
async function runModule(file: string, code: string): Promise<void> {
  writeFileSync(file, code);
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  try {
    await import(file);
  } finally {
    log.mockRestore();
  }
}

describe.each(pages.filter(({ samples }) => samples.some((sample) => sample.language === "ts")))(
  "TypeScript samples of $page",
  ({ page, samples }) => {
    const code = samples.filter(
      (sample) =>
        sample.language === "ts" && !sample.info.includes("test-file") && runnable(sample),
    );
    if (STANDALONE_PAGES.includes(page)) {
      for (const sample of code)
        it(`run alone: the block at line ${sample.line}`, () =>
          runModule(moduleFile(page, `-${sample.line}`), pageModule([sample])));
      return;
    }
    it("run in page order without throwing", () =>
      runModule(moduleFile(page, ""), pageModule(code)));
  },
);

const notRun = pages.flatMap(({ samples }) =>
  samples.filter((sample) => sample.language === "ts" && absentPackages(sample).length > 0),
);
describe.each(notRun)("$page:$line, for packages rpdi does not install", (sample) => {
  it("is valid TypeScript that imports each package it names, none of them installed", async () => {
    await transform(sample.code, { loader: "ts", format: "esm" });
    for (const name of absentPackages(sample)) {
      expect(sample.code).toContain(`from "${name}"`);
      expect(
        existsSync(join(ROOT, "node_modules", name)),
        `${name} is installed: run the sample`,
      ).toBe(false);
    }
  });
});

const RUN_HERE = /^((npx )?rpdi validate |curl |[A-Za-z_]\w*=)/;
const shellPages = pages
  .map(({ page, samples }) => ({
    page,
    lines: samples
      .filter((sample) => sample.language === "sh")
      .flatMap(shellCommands)
      .filter((line) => RUN_HERE.test(line)),
  }))
  .filter(({ lines }) => lines.some((line) => /^((npx )?rpdi validate |curl )/.test(line)));

describe.each(shellPages)("shell samples of $page", ({ lines }) => {
  for (const line of lines.filter((line) => /^(npx )?rpdi validate /.test(line))) {
    it(`runs: ${line}`, async () => {
      const words = shellWords(line).slice(line.startsWith("npx ") ? 2 : 1);
      const { code, err } = await runCliInMemory(words);
      expect(err).not.toMatch(/usage/i);
      expect([ExitCode.VALID, ExitCode.INVALID]).toContain(code);
    });
  }

  const curls = lines.filter((line) => line.startsWith("curl "));
  if (curls.length === 0) return;
  let server: Awaited<ReturnType<typeof startServe>> | undefined;
  const workDir = mkdtempSync(join(tmpdir(), "rpdi-doc-curl-"));
  symlinkSync(join(ROOT, "fixtures"), join(workDir, "fixtures"));
  beforeAll(async () => {
    server = await startServe([]);
  });
  afterAll(() => {
    server?.child.kill();
  });
  // Variable assignments (a cookie jar's temporary file) run first, in the same shell.
  const assignments = lines.filter((line) => /^[A-Za-z_]\w*=/.test(line));
  it("runs every curl command in order, each answered 2xx or 3xx", () => {
    const origin = new URL(server?.rest ?? "").origin;
    const script = [
      ...assignments,
      ...curls.map(
        (line) =>
          `${line.replaceAll("http://127.0.0.1:8787", origin)} -o /dev/null -w '%{http_code}\\n'`,
      ),
    ].join("\n");
    const statuses = execFileSync("bash", ["-c", script], { cwd: workDir, encoding: "utf8" })
      .trimEnd()
      .split("\n");
    expect(statuses).toHaveLength(curls.length);
    curls.forEach((line, index) => {
      expect(`${line} → ${statuses[index]}`).toMatch(/→ [23]\d\d$/);
    });
  });
});
