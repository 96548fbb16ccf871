// The package as a user gets it: pack, install the tarball in a new project, import every subpath
// from ESM and CommonJS, type-check a consumer, and run the installed CLI.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runSamplesFromTarball } from "./pack-samples.mjs";

const root = resolve(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "rpdi-pack-"));
const run = (command, args, cwd = work) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });

run("npm", ["pack", "--pack-destination", work, "--silent"], root);
const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
writeFileSync(
  join(work, "package.json"),
  JSON.stringify({ name: "consumer", private: true, type: "module" }),
);
run("npm", [
  "install",
  "--silent",
  "--no-audit",
  "--no-fund",
  join(work, tarball),
  "pg",
  "fast-check",
  "vitest@^4",
  "typescript@~5.9",
  "@types/node@^20",
]);

writeFileSync(
  join(work, "esm.mjs"),
  `import * as root from "rpdi"; import * as http from "rpdi/http"; import * as postgres from "rpdi/postgres"; import * as testing from "rpdi/testing"; import * as client from "rpdi/client";
if (typeof root.validateMemberCsv !== "function" || typeof http.createHttpHandler !== "function" || typeof postgres.createPostgresStore !== "function" || typeof testing.runStoreConformance !== "function" || typeof client.createClient !== "function") throw new Error("missing ESM exports");
console.log("ESM: rpdi, rpdi/http, rpdi/postgres, rpdi/testing, rpdi/client");`,
);
writeFileSync(
  join(work, "cjs.cjs"),
  `const root = require("rpdi"); const http = require("rpdi/http"); const postgres = require("rpdi/postgres"); const client = require("rpdi/client");
if (typeof root.createMemoryStore !== "function" || typeof http.createHttpHandler !== "function" || typeof postgres.migrate !== "function" || typeof client.createClient !== "function") throw new Error("missing CommonJS exports");
console.log("CommonJS: rpdi, rpdi/http, rpdi/postgres, rpdi/client (rpdi/testing is ESM-only)");`,
);
writeFileSync(
  join(work, "consumer.ts"),
  `import { createMemoryStore, importMembers, type MemberImportResult, validateMemberCsv } from "rpdi";
import { createHttpHandler } from "rpdi/http";
import { createClient, type JobApplication, RpdiValidationError } from "rpdi/client";
const store = createMemoryStore({ organization: { id: "o", shortName: "o", name: "O" } });
const handler: (request: Request) => Promise<Response> = createHttpHandler({ store, tokenSecret: "x".repeat(32) });
const verdict = validateMemberCsv("First Name,Last Name,Email\\nA,B,a@b.co\\n", { product: "UNI", organization: { id: "o", shortName: "o", name: "O", features: [], sso: { enabled: false, emailAsSsoId: false, ssoIdPattern: null }, offices: [], departments: [], customPracticeAreas: [], memberLevels: [], lawSchools: null, staticPracticeAreas: null, siteUrl: "", pipelines: [], applicationCustomFields: [], mfaRequired: false }, members: [], now: new Date() });
const result: Promise<{ ok: true; result: MemberImportResult } | { ok: false }> = importMembers(store, { orgId: "o", product: "UNI", file: "", now: new Date() });
const client = createClient({ baseUrl: "http://127.0.0.1:8787/api/v2", apiUrl: "http://127.0.0.1:8787", loginUrl: "http://127.0.0.1:8787/app/o/admin/auth/", credentials: { email: "a@b.co", password: "p" }, fetch: (input, init) => handler(new Request(input, init)) });
const applications: Promise<JobApplication[]> = client.feed.jobApplications({ start: "2026-01-01" });
const isValidation: boolean = new RpdiValidationError("m", { request: "GET /" }, null) instanceof Error;
void handler; void verdict; void result; void applications; void isValidation;`,
);
writeFileSync(
  join(work, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2022",
      noEmit: true,
      skipLibCheck: false,
      types: ["node"],
      lib: ["ES2022", "DOM"],
    },
    files: ["consumer.ts"],
  }),
);

process.stdout.write(run("node", ["esm.mjs"]));
process.stdout.write(run("node", ["cjs.cjs"]));
run("npx", ["tsc", "-p", "."]);
console.log("TypeScript: a strict NodeNext consumer type-checks");
const csv = join(root, "fixtures/demo/new-hires.csv");
const org = join(root, "fixtures/org.json");
process.stdout.write(
  run("npx", ["rpdi", "validate", "members", csv, "--product", "PERFORM", "--org", org]),
);

// The sandbox's API reference page reads its assets from the installed swagger-ui-dist.
const served = spawn(
  process.execPath,
  [join(work, "node_modules/rpdi/dist/cli.js"), "serve", "--port", "0"],
  {
    cwd: work,
    stdio: ["ignore", "pipe", "inherit"],
  },
);
try {
  const docs = await new Promise((resolveDocs, reject) => {
    let output = "";
    served.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /Docs\s+(\S+)/.exec(output);
      if (match !== null) resolveDocs(match[1]);
    });
    served.once("exit", (code) => reject(new Error(`rpdi serve exited with ${code}: ${output}`)));
  });
  const page = await fetch(docs);
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((match) => match[1]);
  if (page.status !== 200 || assets.length === 0)
    throw new Error(`${docs} answered ${page.status}`);
  for (const asset of assets) {
    const answer = await fetch(new URL(asset, docs));
    if (answer.status !== 200) throw new Error(`${asset} answered ${answer.status}`);
  }
  console.log(
    `rpdi serve: the API reference and its ${assets.length} assets from the installed packages`,
  );
} finally {
  served.kill("SIGTERM");
}
// Every sample of the README and the guides, from the tarball (scripts/pack-samples.mjs).
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
await runSamplesFromTarball({
  root,
  work,
  tarball: join(work, tarball),
  versions: { ...manifest.dependencies, ...manifest.devDependencies },
  install: (cwd, packages) =>
    run("npm", ["install", "--silent", "--no-audit", "--no-fund", ...packages], cwd),
});
console.log(`pack test passed in ${work}`);
