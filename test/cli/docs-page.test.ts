import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsPage, DOCS_CONTENT_SECURITY_POLICY } from "../../src/cli/docs-page";
import { startServe } from "../support/serve";

const page = createDocsPage({ organizations: ["sandbox", 'a"<b>'] });
const get = async (path: string, method = "GET") => {
  const response = await page(new Request(`http://127.0.0.1:8787${path}`, { method }));
  if (response === null) throw new Error(`${path} is not the page's`);
  return response;
};

/** Every `src` and `href` of the page's markup. */
async function pageUrls(html?: string): Promise<string[]> {
  html ??= await (await get("/docs")).text();
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1] as string);
}

describe("the API reference page (/docs)", () => {
  it("is HTML under a strict policy: scripts, styles and requests of this origin only, no inline script", async () => {
    for (const path of ["/docs", "/docs/"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const policy = response.headers.get("content-security-policy");
      expect(policy).toBe(DOCS_CONTENT_SECURITY_POLICY);
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toContain("unsafe");
      const html = await response.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/);
    }
  });

  it("serves every asset it names from this origin, from the installed packages, with its type and for good", async () => {
    const urls = await pageUrls();
    expect(urls.length).toBeGreaterThanOrEqual(5);
    const types = new Map<string, string>();
    for (const url of urls) {
      expect(url).toMatch(/^\/docs\/assets\/[0-9a-f]{16}\/[a-z0-9.-]+$/);
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      types.set(url.split("/").at(-1) as string, response.headers.get("content-type") as string);
      if (url.endsWith(".css"))
        for (const [, target] of (await response.text()).matchAll(/url\(\s*["']?([^"')]*)/g))
          expect(target).toMatch(/^data:|^[^:]*$/);
    }
    expect(Object.fromEntries(types)).toEqual({
      "favicon-32x32.png": "image/png",
      "swagger-ui.css": "text/css; charset=utf-8",
      "rpdi-docs.css": "text/css; charset=utf-8",
      "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
      "rpdi-docs.js": "text/javascript; charset=utf-8",
    });
    const script = await (
      await get(urls.find((url) => url.endsWith("rpdi-docs.js")) as string)
    ).text();
    // Swagger UI's default posts the document to validator.swagger.io.
    expect(script).toContain("validatorUrl: null");
    expect(script).toContain('url: "/openapi.json"');
  });

  it("answers HEAD without a body, refuses other methods, and 404s unknown assets", async () => {
    const head = await get("/docs", "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await get("/docs", "POST");
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await get("/docs/assets/0000000000000000/swagger-ui.css")).status).toBe(404);
    // Assets are looked up by their whole path: nothing else of the package is reachable.
    expect((await get("/docs/assets/0000000000000000/..%2Fpackage.json")).status).toBe(404);
    expect((await get("/docs/assets/5ed08757e53da3e0/index.html")).status).toBe(404);
  });

  it("leaves every other path to the interface", async () => {
    for (const path of ["/", "/docsx", "/openapi.json", "/api/v2/docs"])
      expect(await page(new Request(`http://127.0.0.1:8787${path}`))).toBeNull();
  });

  it("answers only the host names the interface does, when given them", async () => {
    const guarded = createDocsPage({ organizations: ["sandbox"], allowedHosts: ["127.0.0.1"] });
    const at = async (host: string) => (await guarded(new Request(`http://${host}/docs`)))?.status;
    expect(await at("127.0.0.1:8787")).toBe(200);
    expect(await at("attacker.example")).toBe(421);
  });

  it("escapes the organizations it offers in the sign-in form", async () => {
    const html = await (await get("/docs")).text();
    expect(html).toContain('<option value="sandbox">sandbox</option>');
    expect(html).toContain("a&#34;&#60;b&#62;");
    expect(html).not.toContain('a"<b>');
  });
});

describe("rpdi serve's /docs", () => {
  let child: ChildProcess;
  let root: string;
  let output: () => string;
  beforeAll(async () => {
    const started = await startServe([]);
    child = started.child;
    output = started.output;
    root = started.rest.replace(/\/api\/v2$/, "");
  });
  afterAll(() => {
    child.kill("SIGTERM");
  });

  it("is printed in the banner and served beside the document, with the sandbox's organization", async () => {
    expect(output()).toContain(`Docs   ${root}/docs`);
    const response = await fetch(`${root}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const html = await response.text();
    expect(html).toContain('<option value="sandbox">sandbox</option>');
    for (const url of await pageUrls(html)) {
      const asset = await fetch(`${root}${url}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("content-type")).toMatch(
        /^(text\/(css|javascript); charset=utf-8|image\/png)$/,
      );
    }
    expect((await fetch(`${root}/openapi.json`)).status).toBe(200);
  });
});
