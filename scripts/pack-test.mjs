// The package as a user gets it: pack, install the tarball alone in a new project (its size
// capped, the CLI sandbox's API reference and instructions PDFs served from it), install it beside
// its peers in another, import every subpath from ESM and CommonJS, type-check a consumer, and run
// the installed CLI.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runSamplesFromTarball, serveIn } from "./pack-samples.mjs";

/** The most `npm install rpdi` may put in a new project's node_modules, on disk as du counts it. */
const MAX_INSTALL_MIB = 50;

const root = resolve(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "rpdi-pack-"));
const run = (command, args, cwd = work) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });

run("npm", ["pack", "--pack-destination", work, "--silent"], root);
const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));

/** Bytes on disk (allocated blocks, each file once, as `du` counts them) and bytes of content. */
function usage(path, seen = new Set()) {
  const stat = lstatSync(path);
  const inode = `${stat.dev}:${stat.ino}`;
  if (seen.has(inode)) return { disk: 0, content: 0 };
  seen.add(inode);
  const total = { disk: stat.blocks * 512, content: stat.isDirectory() ? 0 : stat.size };
  if (stat.isDirectory())
    for (const entry of readdirSync(path)) {
      const inner = usage(join(path, entry), seen);
      total.disk += inner.disk;
      total.content += inner.content;
    }
  return total;
}
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);

// The tarball alone, as `npm install rpdi` gives it to a new project.
const bare = join(work, "bare");
mkdirSync(bare);
writeFileSync(
  join(bare, "package.json"),
  JSON.stringify({ name: "samples-bare", private: true, type: "module" }),
);
run("npm", ["install", "--silent", "--no-audit", "--no-fund", join(work, tarball)], bare);
const installed = usage(join(bare, "node_modules"));
const packages = Object.keys(
  JSON.parse(readFileSync(join(bare, "node_modules/.package-lock.json"), "utf8")).packages,
).filter((path) => path.startsWith("node_modules/")).length;
console.log(
  `Install: ${mib(installed.disk)} MiB on disk (${mib(installed.content)} MiB of files), ${packages} packages with rpdi (at most ${MAX_INSTALL_MIB} MiB)`,
);
if (installed.disk > MAX_INSTALL_MIB * 2 ** 20)
  throw new Error(
    `npm install rpdi takes ${mib(installed.disk)} MiB, more than ${MAX_INSTALL_MIB} MiB: a dependency used only when building belongs in devDependencies`,
  );

// rpdi serve from that install: the API reference with Swagger UI's files (and their licences),
// and the instructions PDFs, all from the package, with no swagger-ui-dist or pdf-lib installed.
const swaggerUi = join(bare, "node_modules/rpdi/dist/swagger-ui");
for (const file of [
  "swagger-ui.css.gz",
  "swagger-ui-bundle.js.gz",
  "favicon-32x32.png.gz",
  "LICENSE",
  "NOTICE",
  "swagger-ui-bundle.js.LICENSE.txt",
])
  if (!existsSync(join(swaggerUi, file))) throw new Error(`the package lacks ${swaggerUi}/${file}`);
for (const name of ["swagger-ui-dist", "pdf-lib"])
  if (existsSync(join(bare, "node_modules", name)))
    throw new Error(`npm install rpdi installed ${name}, which only the build needs`);
const server = await serveIn(bare);
try {
  const page = await fetch(`${server.origin}/docs`);
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((match) => match[1]);
  if (page.status !== 200 || assets.length < 5)
    throw new Error(`/docs answered ${page.status} with ${assets.length} assets`);
  for (const asset of assets) {
    const answer = await fetch(`${server.origin}${asset}`);
    const body = new Uint8Array(await answer.arrayBuffer());
    if (answer.status !== 200 || body.length === 0)
      throw new Error(`${asset} answered ${answer.status} with ${body.length} bytes`);
  }
  const login = await fetch(`${server.origin}/app/sandbox/admin/auth/`, {
    method: "POST",
    body: new URLSearchParams({
      email: "sandbox.admin@hartwell.example",
      password: "sandbox-password",
    }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  for (const product of ["RECRUIT", "PERFORM", "UNI"]) {
    const answer = await fetch(
      `${server.origin}/api/v2/members/import-instructions.pdf?product=${product}`,
      { headers: { cookie } },
    );
    const body = Buffer.from(await answer.arrayBuffer());
    if (
      answer.status !== 200 ||
      answer.headers.get("content-type") !== "application/pdf" ||
      !body.subarray(0, 5).equals(Buffer.from("%PDF-"))
    )
      throw new Error(`the ${product} instructions PDF answered ${answer.status}`);
  }
  console.log(
    `rpdi serve: the API reference and its ${assets.length} assets, and the instructions PDFs, from the tarball alone`,
  );
} finally {
  server.stop();
}

// The tarball beside its peers and a consumer's tools.
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

// Every sample of the README and the guides, from the tarball (scripts/pack-samples.mjs).
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
await runSamplesFromTarball({
  root,
  work,
  tarball: join(work, tarball),
  versions: { ...manifest.dependencies, ...manifest.devDependencies },
  install: (cwd, packages) =>
    run("npm", ["install", "--silent", "--no-audit", "--no-fund", ...packages], cwd),
  bare,
});
console.log(`pack test passed in ${work}`);
