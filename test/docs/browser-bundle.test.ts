import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import browserAliases from "../../browser-aliases.json";
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
      alias: browserAliases,
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

/*
 * rpdi/client likewise: bundled for the browser and run with web globals only, it logs in to the
 * sandbox with the MFA secret (the code is computed in the bundle) and reads a list and the feed;
 * its fetch is a bridge to the HTTP binding running in this process.
 */
describe("rpdi/client in a browser-like environment", () => {
  it("bundles for the browser without Node built-ins and logs in with an MFA code using web globals only", async () => {
    const bundle = await build({
      stdin: {
        contents: `import { createClient } from "./src/client/index.ts";
          const client = createClient({
            baseUrl: "http://127.0.0.1:8787/api/v2",
            apiUrl: "http://127.0.0.1:8787",
            loginUrl: "http://127.0.0.1:8787/app/sandbox/admin/auth/",
            credentials: { email: "sandbox.mfa@hartwell.example", password: "sandbox-password", mfaSecret: "JBSWY3DPEHPK3PXP" },
            fetch: globalThis.bridge,
          });
          globalThis.result = Promise.all([
            client.lists.departments(),
            client.feed.jobApplications({ start: "2026-01-01", end: "2026-12-31" }),
          ]);`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      platform: "browser",
      alias: browserAliases,
      format: "iife",
      write: false,
      logLevel: "silent",
    });
    const code = bundle.outputFiles[0]?.text ?? "";
    const { createMemoryStore, parseOrganizationSnapshot } = await import("../../src/index");
    const { createHttpHandler } = await import("../../src/http/index");
    const snapshot = parseOrganizationSnapshot(
      JSON.parse(readFileSync(join(ROOT, "fixtures/sandbox.json"), "utf8")),
    );
    const handler = createHttpHandler({
      store: createMemoryStore(snapshot),
      tokenSecret: "a-browser-test-secret-of-at-least-32-bytes",
      secureCookie: false,
    });
    const context = createContext({
      ...{ TextEncoder, TextDecoder, URL, URLSearchParams, Intl, console },
      ...{ Request, Response, Headers, FormData, Blob, AbortController, setTimeout, clearTimeout },
      bridge: (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init)),
    });
    runInContext(code, context);
    const [departments, applications] = (await context.result) as [string[], unknown[]];
    expect(departments).toEqual(snapshot.organization.departments);
    expect(applications).toHaveLength(5);
  });
});
