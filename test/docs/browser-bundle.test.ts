import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/serve";

/*
 * The root export must work outside Node: bundled for the browser (a Node built-in import fails
 * the build) and run in a context holding only web-standard globals — no process, Buffer or
 * require — it validates a member file.
 */
describe("the root export in a browser-like environment", () => {
  it("bundles for the browser without Node built-ins and validates a file with web globals only", async () => {
    const bundle = await build({
      stdin: {
        contents: `import { organizationProfileSchema, validateMemberCsv } from "./src/index.ts";
          globalThis.verdict = validateMemberCsv(new TextEncoder().encode("First Name,Last Name,Email\\nAda,Okoye,ada@firm.example\\nBo,Li,not-an-email\\n"), {
            product: "RECRUIT",
            organization: organizationProfileSchema.parse({ id: "o", name: "Firm", shortName: "firm", siteUrl: "https://firm.example" }),
            members: [],
            now: new Date("2026-06-15T00:00:00Z"),
          });`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      platform: "browser",
      format: "iife",
      write: false,
      logLevel: "silent",
    });
    const code = bundle.outputFiles[0]?.text ?? "";
    const context = createContext({ TextEncoder, TextDecoder, URL, Intl, console });
    runInContext(code, context);
    const verdict = context.verdict as {
      ok: boolean;
      result?: { rowColumnErrors: { type: string }[] };
    };
    expect(verdict.ok).toBe(false);
    expect(verdict.result?.rowColumnErrors.map((error) => error.type)).toEqual(["INVALID_EMAIL"]);
  });
});
