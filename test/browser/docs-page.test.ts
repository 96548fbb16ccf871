import type { ChildProcess } from "node:child_process";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTotp } from "../../src/auth/totp";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "../support/chromium";
import { startServe } from "../support/serve";

/** The bundled sandbox's MFA account and its clearly fake TOTP secret (fixtures/sandbox.json). */
const MFA_ACCOUNT = "sandbox.mfa@hartwell.example";
const SANDBOX_MFA_SECRET = "JBSWY3DPEHPK3PXP";
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe.skipIf(!HAS_CHROMIUM)(`the API reference page in headless Chromium${NO_CHROMIUM}`, () => {
  let child: ChildProcess;
  let root: string;
  let page: Page;
  let problems: string[] = [];
  let close: () => Promise<void> = async () => undefined;
  const offOrigin: string[] = [];

  beforeAll(async () => {
    const started = await startServe([]);
    child = started.child;
    root = started.rest.replace(/\/api\/v2$/, "");
    ({ page, problems, close } = await launchChromium());
    page.on("request", (request) => {
      if (!request.url().startsWith(`${root}/`)) offOrigin.push(request.url());
    });
  });

  afterAll(async () => {
    await close();
    child?.kill("SIGTERM");
  });

  it("loads with no console error, from this origin only, and lists every operation of the document", async () => {
    const document = (await (await fetch(`${root}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(20);

    await page.goto(`${root}/docs`);
    await page.locator(".opblock").first().waitFor();
    const listed = await page
      .locator(".opblock .opblock-summary")
      .evaluateAll((summaries) =>
        summaries.map(
          (summary) =>
            `${summary.querySelector(".opblock-summary-method")?.textContent} ${summary.querySelector("[data-path]")?.getAttribute("data-path")}`,
        ),
      );
    expect(listed.sort()).toEqual(operations.sort());
    expect(problems).toEqual([]);
    expect(offOrigin).toEqual([]);
  });

  it('signs in through the page, then "Try it out" on a lookup list answers 200', async () => {
    if (page.url() !== `${root}/docs`) await page.goto(`${root}/docs`);
    await page.fill("input[name=email]", "sandbox.admin@hartwell.example");
    await page.fill("input[name=password]", "sandbox-password");
    await page.click("#rpdi-login button[type=submit]");
    await expect
      .poll(() => page.textContent("#rpdi-login-status"))
      .toMatch(/^Signed in to sandbox/);

    const block = page
      .locator(".opblock-get")
      .filter({ has: page.locator('.opblock-summary-path[data-path="/api/v2/departments"]') });
    await expect.poll(() => block.count()).toBe(1);
    await block.locator(".opblock-summary").click();
    await block.locator("button.try-out__btn").click();
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/v2/departments",
    );
    await block.locator("button.execute").click();
    expect((await answered).status()).toBe(200);
    const shown = block.locator(".live-responses-table .response .response-col_status").first();
    await shown.waitFor();
    expect((await shown.textContent())?.trim()).toBe("200");
    expect(problems).toEqual([]);
    expect(offOrigin).toEqual([]);
  });

  it("signs an MFA account in only with its code, after signing out of the first session", async () => {
    if (page.url() !== `${root}/docs`) await page.goto(`${root}/docs`);
    await page.click("#rpdi-logout");
    await expect.poll(() => page.textContent("#rpdi-login-status")).toBe("Signed out.");
    await page.fill("input[name=email]", MFA_ACCOUNT);
    await page.fill("input[name=password]", "sandbox-password");
    await page.fill("input[name=mfaCode]", "");
    await page.click("#rpdi-login button[type=submit]");
    await expect.poll(() => page.textContent("#rpdi-login-status")).toMatch(/^Not signed in/);
    await page.fill("input[name=mfaCode]", generateTotp(SANDBOX_MFA_SECRET, new Date()));
    await page.click("#rpdi-login button[type=submit]");
    await expect
      .poll(() => page.textContent("#rpdi-login-status"))
      .toMatch(/^Signed in to sandbox/);
    const offices = await page.evaluate(async () => (await fetch("/api/v2/offices")).status);
    expect(offices).toBe(200);
    expect(problems.filter((problem) => !problem.includes("401"))).toEqual([]);
    expect(offOrigin).toEqual([]);
  });
});
