import { sha256 } from "@noble/hashes/sha2";
import { html } from "../responses";

/**
 * The pages' only style, in a `<style>` element the policy admits by its hash: no script, no
 * inline `style` attribute, nothing from elsewhere. Colours keep a contrast of 7:1 or more.
 */
const PAGE_CSS = `
body { font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0; line-height: 1.5; }
main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; }
.field { margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input { box-sizing: border-box; width: 100%; font: inherit; padding: 0.5rem; border: 1px solid #555; border-radius: 4px; }
input:focus, button:focus, a:focus { outline: 3px solid #1f4e8c; outline-offset: 2px; }
button { font: inherit; padding: 0.5rem 1rem; color: #fff; background: #1f4e8c; border: 0; border-radius: 4px; cursor: pointer; }
button.secondary { color: #1f4e8c; background: #fff; border: 1px solid #1f4e8c; }
a { color: #1f4e8c; }
.error { color: #a4000f; border-left: 4px solid #a4000f; padding-left: 0.75rem; }
.hint { color: #444; font-size: 0.9rem; margin: 0.25rem 0 0; }
.secret { font-family: ui-monospace, monospace; font-size: 1.1rem; letter-spacing: 0.1em; word-break: break-all; }
.qr svg { display: block; max-width: 100%; height: auto; }
`;

/** The style's CSP source, `'sha256-…'` of its exact text. */
const STYLE_SOURCE = `'sha256-${base64(sha256(new TextEncoder().encode(PAGE_CSS)))}'`;

/**
 * The pages' Content-Security-Policy: nothing loads but the one style element; forms post only to
 * this origin; no `<base>`, no framing.
 */
export const ACCOUNT_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_SOURCE}`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Headers of every account page and of its redirects: never cached, no `Referer` sent from it (a
 * link's token would travel in it), its own policy, no framing (clickjacking), no window shared
 * with the opener.
 */
export const ACCOUNT_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "content-security-policy": ACCOUNT_PAGE_CSP,
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
});

/** What a page says: its title (also its heading) and the body's HTML, already escaped. */
export interface PageContent {
  title: string;
  body: string;
}

/** A whole page: `<html lang="en">`, the title, the style, one `<main>` with the heading. */
export function renderPage(content: PageContent): string {
  const title = escapeHtml(content.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${PAGE_CSS}</style>
</head><body><main>
<h1>${title}</h1>
${content.body}
</main></body></html>
`;
}

/** The page as a response with {@link ACCOUNT_PAGE_HEADERS}; `headers` add to them. */
export function pageResponse(
  status: number,
  content: PageContent,
  headers: Record<string, string> = {},
): Response {
  return html(status, renderPage(content), { ...ACCOUNT_PAGE_HEADERS, ...headers });
}

/** `text` safe in HTML text and in a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
