import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import type { Principal } from "../auth/policy";
import type { Member } from "../domain/member";
import { NEW_CREDENTIALS } from "../domain/member-parts";
import { performMemberEmails } from "../domain/snapshot";
import { refuseUnknownHosts } from "../http/allowed-hosts";
import type { HttpEnv } from "../http/env";
import type { Store } from "../store/port";
import { loginFieldsHtml } from "./html";

/** Where `rpdi serve` shows the import screen; its files are below it. */
export const IMPORT_PATH = "/import";

/**
 * The page's policy: this origin's scripts (the element, its worker, the page's script), requests
 * to this origin only, no inline script or style (the element's style is a constructed sheet).
 */
export const IMPORT_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The built files the page serves, by their path below {@link IMPORT_PATH}. */
const FILES = {
  "importer.js": "importer.js",
  "importer-worker.js": "importer-worker.js",
  "page.js": "import-page.js",
} as const;

const PAGE_CSS = `body { font: 15px/1.4 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 20px; }
form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
label { display: flex; flex-direction: column; font-size: 13px; gap: 2px; }
input, select, button { font: inherit; padding: 4px 6px; }`;

/** Options of {@link createImportPage}. */
export interface ImportPageOptions {
  store: Store;
  /** The short names the sign-in form offers. */
  organizations: readonly string[];
  /** The caller of a request, by its session cookie, as the interface resolves it; `null` for none. */
  caller: (request: Request) => Promise<Principal | null>;
  /** An email to show in the form, for the bundled sandbox. */
  exampleEmail?: string;
  /** The host names answered, as the interface's; any when absent. */
  allowedHosts?: readonly string[];
}

/**
 * The sandbox's import screen at `/import`: `<rpdi-importer>` against this server, after a sign-in
 * (through `rpdi/client`, as a host's page would call it). `/import/context.json` answers the
 * rules' inputs for a signed-in admin of the caller's own organization: the organization and its members with their credentials
 * blanked, which the interface itself does not serve (see docs/browser.md). The element and its
 * worker are the package's built files (`dist/importer.js`, `dist/importer-worker.js`). Answers
 * `null` for every path outside `/import`.
 */
export function createImportPage(
  options: ImportPageOptions,
): (request: Request) => Promise<Response | null> {
  const app = new Hono<HttpEnv>();
  if (options.allowedHosts !== undefined) app.use(refuseUnknownHosts(options.allowedHosts));
  app.get(IMPORT_PATH, () => page(pageHtml(options)));
  app.get(`${IMPORT_PATH}/`, () => page(pageHtml(options)));
  app.get(`${IMPORT_PATH}/page.css`, () => asset(PAGE_CSS, "text/css; charset=utf-8"));
  app.get(`${IMPORT_PATH}/context.json`, (c) => context(c.req.raw, options));
  for (const [name, file] of Object.entries(FILES))
    app.get(`${IMPORT_PATH}/${name}`, async () => {
      const body = await builtFile(file);
      return body === null
        ? new Response(`${file} is not built: run npm run build:js.\n`, {
            status: 503,
            headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
          })
        : asset(body, "text/javascript; charset=utf-8");
    });
  app.all("*", () => new Response("Not found\n", { status: 404 }));
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== IMPORT_PATH && !pathname.startsWith(`${IMPORT_PATH}/`)) return null;
    return app.fetch(request);
  };
}

/**
 * The organization and members of the caller's own organization, credentials blanked: for an
 * admin of one of its products only (who may import into it), whatever organization is asked.
 */
async function context(request: Request, options: ImportPageOptions): Promise<Response> {
  const principal = await options.caller(request);
  if (principal === null) return json(401, { error: "Sign in first." });
  if (!principal.member.products.some((held) => held.role === "ADMIN"))
    return json(403, { error: "Only an admin may import files." });
  const snapshot = await options.store.exportSnapshot(principal.organization.id);
  if (snapshot === null) return json(401, { error: "Sign in first." });
  return json(200, {
    organization: snapshot.organization,
    members: snapshot.members.map((member: Member) => ({
      ...member,
      credentials: NEW_CREDENTIALS,
    })),
    externalUserEmails: snapshot.externalUserEmails ?? [],
    performMemberEmails: performMemberEmails(snapshot),
  });
}

/**
 * A built file beside the running CLI, or in the checkout's dist/ when the CLI runs from src/;
 * a file the build stores gzip-compressed (`<name>.gz`, the page's script) is decompressed once.
 */
async function builtFile(name: string): Promise<string | null> {
  const known = decompressed.get(name);
  if (known !== undefined) return known;
  for (const where of [`./${name}`, `../../dist/${name}`]) {
    const path = fileURLToPath(new URL(where, import.meta.url));
    if (existsSync(path)) return readFile(path, "utf8");
    if (existsSync(`${path}.gz`)) {
      const text = gunzipSync(await readFile(`${path}.gz`)).toString("utf8");
      decompressed.set(name, text);
      return text;
    }
  }
  return null;
}

const decompressed = new Map<string, string>();

function page(html: string): Response {
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      "content-security-policy": IMPORT_CONTENT_SECURITY_POLICY,
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
  });
}

function asset(body: string, type: string): Response {
  return new Response(body, {
    headers: {
      "content-type": type,
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff",
    },
  });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

function pageHtml(options: ImportPageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Import a file — rpdi sandbox</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${IMPORT_PATH}/page.css">
</head>
<body>
<main>
<h1>Import a file</h1>
<form id="rpdi-login">
${loginFieldsHtml(options.organizations, options.exampleEmail)}
<button type="submit">Sign in</button>
</form>
<p id="rpdi-login-status" role="status">Sign in as an admin of this server to import a file into it.</p>
<rpdi-importer hidden></rpdi-importer>
</main>
<script type="module" src="${IMPORT_PATH}/page.js"></script>
</body>
</html>
`;
}
