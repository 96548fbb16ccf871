import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { refuseUnknownHosts } from "../http/allowed-hosts";
import type { HttpEnv } from "../http/env";
import { escapeHtml, loginFieldsHtml } from "./html";
import { SWAGGER_UI_DIRECTORY, SWAGGER_UI_SERVED } from "./swagger-ui-files";

/** Where the reference page is served; every asset is below it. */
export const DOCS_PATH = "/docs";

/**
 * The page's policy: nothing but this origin's scripts, styles, images and requests, no inline
 * script, no frame. Swagger UI's stylesheet draws its icons as `data:` SVG.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
}

/** The page's own style: the sign-in form, and no Swagger "Authorize" dialog (see below). */
const PAGE_CSS = `
.rpdi-login { font-family: sans-serif; max-width: 1460px; margin: 0 auto; padding: 16px 20px 0; }
.rpdi-login form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
.rpdi-login label { display: flex; flex-direction: column; font-size: 12px; gap: 2px; }
.rpdi-login input, .rpdi-login select, .rpdi-login button { font-size: 14px; padding: 4px 6px; }
.rpdi-login p { font-size: 13px; margin: 6px 0; }
/* The session is an HttpOnly cookie set by the sign-in form; the browser refuses a cookie typed
   into Swagger's dialog, so the dialog would only mislead. */
.swagger-ui .auth-wrapper, .swagger-ui .authorization__btn { display: none; }
`;

/**
 * The page's script, a file of its own since the policy allows no inline script. The sign-in form
 * posts to the login URL on this origin, so the browser keeps the session cookie and sends it with
 * every "Try it out" request. A login always answers 200 (spec), so a lookup list tells whether
 * the session took.
 */
const PAGE_JS = `"use strict";
(() => {
  const form = document.getElementById("rpdi-login");
  const status = document.getElementById("rpdi-login-status");
  const say = (text) => { status.textContent = text; };
  const org = () => String(new FormData(form).get("org"));
  const authUrl = (suffix) => "/app/" + encodeURIComponent(org()) + "/admin/auth/" + suffix;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const fields = new URLSearchParams();
    for (const name of ["email", "password", "mfaCode"]) {
      const value = String(new FormData(form).get(name) ?? "");
      if (value !== "") fields.set(name, value);
    }
    say("Signing in…");
    try {
      await fetch(authUrl(""), { method: "POST", body: fields, credentials: "same-origin" });
      const check = await fetch("/api/v2/offices", { credentials: "same-origin" });
      say(check.ok
        ? "Signed in to " + org() + ": \\"Try it out\\" calls carry the session."
        : "Not signed in: the email, password or code was not accepted.");
    } catch (error) {
      say("Sign-in failed: " + error);
    }
  });
  document.getElementById("rpdi-logout").addEventListener("click", async () => {
    try {
      await fetch(authUrl("logout"), { method: "POST", credentials: "same-origin" });
      say("Signed out.");
    } catch (error) {
      say("Sign-out failed: " + error);
    }
  });
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: true,
    withCredentials: true,
    // Swagger UI's default sends the document to validator.swagger.io: off-origin, and offline.
    validatorUrl: null,
  });
})();
`;

export interface DocsPageOptions {
  /** The organizations' short names, offered in the sign-in form (the login URL names one). */
  organizations: readonly string[];
  /** An email to show in the form, for the bundled sandbox. */
  exampleEmail?: string;
  /** The host names answered, as the interface's; any when absent. */
  allowedHosts?: readonly string[];
}

/**
 * An interactive reference of the OpenAPI document (`/openapi.json`) at `/docs`: Swagger UI, served
 * from the files the package carries (no CDN, so it works offline), with a sign-in form so
 * "Try it out" calls carry a session. Answers `null` for every path outside `/docs`.
 */
export function createDocsPage(
  options: DocsPageOptions,
): (request: Request) => Promise<Response | null> {
  let loaded: Promise<Map<string, Asset>> | undefined;
  const answer = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (request.method !== "GET" && request.method !== "HEAD")
      return withBody(request, 405, "Method not allowed\n", {
        "content-type": "text/plain; charset=utf-8",
        allow: "GET, HEAD",
      });
    loaded ??= loadAssets();
    let assets: Map<string, Asset>;
    try {
      assets = await loaded;
    } catch (error) {
      loaded = undefined;
      return withBody(
        request,
        503,
        `The API reference needs Swagger UI's files, which could not be read: ${(error as Error).message}\n`,
        { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
      );
    }
    if (pathname === DOCS_PATH || pathname === `${DOCS_PATH}/`)
      return withBody(request, 200, pageHtml(options, assets), {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-cache",
        "content-security-policy": DOCS_CONTENT_SECURITY_POLICY,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
      });
    const asset = assets.get(pathname);
    if (asset === undefined)
      return withBody(request, 404, "Not found\n", {
        "content-type": "text/plain; charset=utf-8",
      });
    // Every asset's URL names its content's hash, so a cached copy is never stale.
    return withBody(request, 200, asset.body, {
      "content-type": asset.type,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
  };
  // The page answers the host names the interface does: its script's calls would be refused
  // anywhere else.
  const app = new Hono<HttpEnv>();
  if (options.allowedHosts !== undefined) app.use(refuseUnknownHosts(options.allowedHosts));
  app.all("*", (c) => answer(c.req.raw));
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== DOCS_PATH && !pathname.startsWith(`${DOCS_PATH}/`)) return null;
    return app.fetch(request);
  };
}

/**
 * Reads one of Swagger UI's served files: the gzip-compressed copy the build puts beside the CLI,
 * or, when the source runs from a checkout (tests, `tsx`), the swagger-ui-dist dev dependency it
 * is copied from.
 */
async function readSwaggerUiFile(name: string): Promise<Uint8Array<ArrayBuffer>> {
  const built = fileURLToPath(new URL(`./${SWAGGER_UI_DIRECTORY}/${name}.gz`, import.meta.url));
  if (existsSync(built)) return new Uint8Array(gunzipSync(await readFile(built)));
  const source = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  return new Uint8Array(await readFile(join(source, name)));
}

/** The assets by URL path, each path holding the hash of its content. */
async function loadAssets(): Promise<Map<string, Asset>> {
  const files: [string, Asset][] = await Promise.all(
    Object.entries(SWAGGER_UI_SERVED).map(
      async ([name, type]): Promise<[string, Asset]> => [
        name,
        { body: await readSwaggerUiFile(name), type },
      ],
    ),
  );
  const encoder = new TextEncoder();
  files.push(
    ["rpdi-docs.css", { body: encoder.encode(PAGE_CSS), type: "text/css; charset=utf-8" }],
    ["rpdi-docs.js", { body: encoder.encode(PAGE_JS), type: "text/javascript; charset=utf-8" }],
  );
  return new Map(
    files.map(([name, asset]) => {
      const hash = createHash("sha256").update(asset.body).digest("hex").slice(0, 16);
      return [`${DOCS_PATH}/assets/${hash}/${name}`, asset];
    }),
  );
}

function pageHtml(options: DocsPageOptions, assets: Map<string, Asset>): string {
  const url = (name: string) =>
    escapeHtml([...assets.keys()].find((path) => path.endsWith(`/${name}`)) ?? "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rpdi API reference</title>
<link rel="icon" type="image/png" href="${url("favicon-32x32.png")}">
<link rel="stylesheet" href="${url("swagger-ui.css")}">
<link rel="stylesheet" href="${url("rpdi-docs.css")}">
</head>
<body>
<section class="rpdi-login">
<form id="rpdi-login">
${loginFieldsHtml(options.organizations, options.exampleEmail)}
<label>MFA code (if required)<input name="mfaCode" inputmode="numeric" autocomplete="one-time-code"></label>
<button type="submit">Sign in</button>
<button type="button" id="rpdi-logout">Sign out</button>
</form>
<p id="rpdi-login-status" role="status">Sign in with a login of this server; "Try it out" then calls it with your session.</p>
</section>
<div id="swagger-ui"></div>
<script src="${url("swagger-ui-bundle.js")}"></script>
<script src="${url("rpdi-docs.js")}"></script>
</body>
</html>
`;
}

function withBody(
  request: Request,
  status: number,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
): Response {
  return new Response(request.method === "HEAD" ? null : body, { status, headers });
}
