import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTotp } from "../../src/auth/totp";
import { seriousViolations } from "../support/axe";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "../support/chromium";
import { startServe, stopServe } from "../support/serve";

const require = createRequire(import.meta.url);
/**
 * jsQR (and axe-core, test/support/axe.ts), evaluated in the page through the DevTools protocol:
 * the account pages' policy (`default-src 'none'`, no script) refuses a `<script>` tag,
 * `addScriptTag`'s way, and the walk keeps that policy on, so that a page needing anything it
 * forbids fails here.
 */
const JSQR_SOURCE = readFileSync(require.resolve("jsqr/dist/jsQR.js"), "utf8");

/** The bundled sandbox's admin (fixtures/sandbox.json; printed by `rpdi serve`). */
const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };
/** The service account the walk creates: an Admin who uses MFA, as the spec's Authentication says. */
const NEW_ADMIN = { email: "walk.admin@hartwell.example", first: "Walker", last: "Admin" };
const WEAK_COMMON = "password123";
/** The organization is "Sandbox & Partners LLP": its words are refused in a password. */
const WEAK_OWN_WORDS = "sandbox-partners-2026";
const FIRST_PASSWORD = "Tulip quartz meadow 93";
const SECOND_PASSWORD = "Granite lantern orbit 47";
const AUTH = "/app/sandbox/admin/auth/";
const TOTP_STEP_MS = 30_000;

/**
 * The decoded text of an SVG QR code: the markup as the setup page holds it, drawn from a `data:`
 * URL onto a canvas and read by jsQR, in a blank page of the same browser. The setup page's own
 * policy (`default-src 'none'`) refuses to load any image, a `data:` one included.
 */
async function decodeQrSvg(context: BrowserContext, svg: string): Promise<string | null> {
  const scratch = await context.newPage();
  try {
    await scratch.evaluate(JSQR_SOURCE);
    return await scratch.evaluate(async (markup) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
      await image.decode();
      const size = 480;
      const canvas = document.createElement("canvas");
      canvas.width = size;
      canvas.height = size;
      const drawing = canvas.getContext("2d") as CanvasRenderingContext2D;
      // White all around, whether or not the SVG draws its own quiet zone.
      drawing.fillStyle = "#fff";
      drawing.fillRect(0, 0, size, size);
      drawing.drawImage(image, 40, 40, 400, 400);
      const pixels = drawing.getImageData(0, 0, size, size);
      const jsQR = (
        window as unknown as {
          jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
        }
      ).jsQR;
      return jsQR(pixels.data, size, size)?.data ?? null;
    }, svg);
  } finally {
    await scratch.close();
  }
}

/** The time step of `ms` (RFC 6238: 30 s since the epoch). */
const stepOf = (ms: number) => Math.floor(ms / TOTP_STEP_MS);

describe.skipIf(!HAS_CHROMIUM)(
  `the account walk in headless Chromium: invitation, password, authenticator, sign-in, recovery${NO_CHROMIUM}`,
  () => {
    let child: ChildProcess;
    let root: string;
    let output: () => string;
    let context: BrowserContext;
    let page: Page;
    let problems: string[] = [];
    let close: () => Promise<void> = async () => undefined;
    /** Each page's axe findings, by the page's title and address, checked as the walk goes. */
    const audited: string[] = [];
    /** How far the walk got: a step needs the one before it. */
    let reached = "";
    let secret = "";
    let enrollmentStep = 0;
    let session = "";

    beforeAll(async () => {
      const started = await startServe([]);
      child = started.child;
      output = started.output;
      root = started.rest.replace(/\/api\/v2$/, "");
      ({ context, page, problems, close } = await launchChromium());
    });

    afterAll(async () => {
      await close();
      if (child !== undefined) await stopServe(child);
    });

    /** Runs axe on the page as it is, and fails on a serious or critical violation. */
    async function audit(): Promise<void> {
      const where = `${await page.title()} (${new URL(page.url()).pathname})`;
      audited.push(where);
      expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
    }

    /** Goes to `path` on the sandbox and audits the page. */
    async function visit(path: string): Promise<void> {
      const response = await page.goto(`${root}${path}`);
      expect(response?.status(), path).toBe(200);
      await audit();
    }

    /** Submits the page's first form (its first submit button) and audits the page it answers. */
    async function submit(): Promise<void> {
      await page.locator("main form button[type=submit]").first().click();
      await page.waitForLoadState("load");
      await audit();
    }

    /** The text of the page's error (`role="alert"`), or `null` without one. */
    async function alertText(): Promise<string | null> {
      const alert = page.getByRole("alert");
      return (await alert.count()) === 0
        ? null
        : ((await alert.first().textContent()) ?? "").trim();
    }

    /** The session cookie the browser holds for the sandbox, or "". */
    async function sessionCookie(): Promise<string> {
      const cookies = await context.cookies(root);
      return cookies.find((cookie) => cookie.name === "SERVICEAUTH")?.value ?? "";
    }

    /** Opens the mail page and follows the newest link of `reason` to `address`. */
    async function followEmailLink(address: string, reason: string): Promise<void> {
      await visit("/_sandbox/mail");
      const link = page
        .locator("tbody tr")
        .filter({ hasText: address })
        .filter({ hasText: reason })
        .first()
        .getByRole("link");
      expect(await link.count(), `a ${reason} email to ${address} on the mail page`).toBe(1);
      await link.click();
      await page.waitForLoadState("load");
      // The link's token moved to a cookie: the address bar holds none.
      expect(page.url()).not.toContain("token=");
      await audit();
    }

    it("a. the sandbox admin signs in on the login page and imports a new Admin who uses MFA", async () => {
      await visit(AUTH);
      await page.locator("input[name=email]").fill(ADMIN.email);
      await page.locator("input[name=password]").fill(ADMIN.password);
      await submit();
      expect(await alertText()).toBeNull();
      expect(await sessionCookie()).not.toBe("");
      const imported = await context.request.post(`${root}/api/v2/members/import-csv`, {
        params: { product: "RECRUIT" },
        multipart: {
          file: {
            name: "service-account.csv",
            mimeType: "text/csv",
            buffer: Buffer.from(
              `First Name,Last Name,Email,Role,Use MFA\n${NEW_ADMIN.first},${NEW_ADMIN.last},${NEW_ADMIN.email},ADMIN,true\n`,
            ),
          },
        },
      });
      expect(imported.status(), await imported.text()).toBe(200);
      reached = "a";
    });

    it("b, c. the invitation from the mail page: a weak password is refused with its reason, a strong one is set", async () => {
      expect(reached).toBe("a");
      await followEmailLink(NEW_ADMIN.email, "MEMBER_CREATED");
      await page.locator("input[name=password]").fill(WEAK_COMMON);
      await page.locator("form input[type=password]").nth(1).fill(WEAK_COMMON);
      await submit();
      expect(await alertText()).toBe(
        "This password is one of the most common in leaked password lists; choose another.",
      );
      await page.locator("input[name=password]").fill(FIRST_PASSWORD);
      await page.locator("form input[type=password]").nth(1).fill(FIRST_PASSWORD);
      await submit();
      expect(await alertText()).toBeNull();
      reached = "c";
    });

    it("d. the authenticator setup: the QR code holds the key shown as text, and a code of it confirms", async () => {
      expect(reached).toBe("c");
      // Setting the password led straight here: MFA is due and no authenticator is set up.
      const shown = page.locator("#mfa-secret");
      expect(await shown.count(), "the setup screen's #mfa-secret").toBe(1);
      secret = ((await shown.textContent()) ?? "").replace(/\s+/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      // The QR code as the page has it, decoded in the browser.
      const svg = await page
        .locator("main svg")
        .first()
        .evaluate((element) => new XMLSerializer().serializeToString(element));
      const uri = await decodeQrSvg(context, svg);
      expect(uri, "the QR code decodes").not.toBeNull();
      const decoded = new URL(uri as string);
      expect(decoded.protocol).toBe("otpauth:");
      expect(decoded.host).toBe("totp");
      expect(decoded.searchParams.get("secret")).toBe(secret);
      expect(decodeURIComponent(decoded.pathname)).toContain(NEW_ADMIN.email);
      const now = Date.now();
      enrollmentStep = stepOf(now);
      await page.locator("input[name=code]").fill(generateTotp(secret, new Date(now)));
      await submit();
      expect(await alertText()).toBeNull();
      reached = "d";
    });

    it("e. the new admin signs in with a fresh code, and the session reads a lookup list", async () => {
      expect(reached).toBe("d");
      await visit(AUTH);
      await page.locator("input[name=email]").fill(NEW_ADMIN.email);
      await page.locator("input[name=password]").fill(FIRST_PASSWORD);
      // The enrollment used its time step; login takes each step once, and one step of drift.
      // The step after it while still in it, else the current one: always new, always within
      // drift of the server's clock, whenever this runs.
      const step = Math.max(stepOf(Date.now()), enrollmentStep + 1);
      await page
        .locator("input[name=mfaCode]")
        .fill(generateTotp(secret, new Date(step * TOTP_STEP_MS)));
      await submit();
      expect(await alertText()).toBeNull();
      session = await sessionCookie();
      expect(session).not.toBe("");
      const departments = await context.request.get(`${root}/api/v2/departments`);
      expect(departments.status()).toBe(200);
      reached = "e";
    });

    it("f. recovery: the reset link from the mail page sets a new password, and the old session ends", async () => {
      expect(reached).toBe("e");
      await visit(`${AUTH}recovery`);
      await page.locator("input[name=email]").fill(NEW_ADMIN.email);
      await submit();
      expect(await alertText()).toBeNull();
      await followEmailLink(NEW_ADMIN.email, "PASSWORD_RECOVERY");
      await page.locator("input[name=password]").fill(WEAK_OWN_WORDS);
      await page.locator("form input[type=password]").nth(1).fill(WEAK_OWN_WORDS);
      await submit();
      expect(await alertText()).toMatch(
        /^The password contains "[^"]+", a word of your organization's name or of your address/,
      );
      await page.locator("input[name=password]").fill(SECOND_PASSWORD);
      await page.locator("form input[type=password]").nth(1).fill(SECOND_PASSWORD);
      await submit();
      expect(await alertText()).toBeNull();
      const old = await fetch(`${root}/api/v2/departments`, {
        headers: { cookie: `SERVICEAUTH=${session}` },
      });
      await old.arrayBuffer();
      expect(old.status).toBe(401);
      reached = "f";
    });

    it("g. every page visited had no serious or critical axe violation, ran under its policy, and the log holds no token", async () => {
      expect(reached).toBe("f");
      expect(audited.length).toBeGreaterThanOrEqual(12);
      // The audit can fail: a page with an unnamed image and field has critical violations.
      const control = await context.newPage();
      try {
        await control.setContent(
          '<html lang="en"><body><main><img src="x.png"><input></main></body></html>',
        );
        expect((await seriousViolations(control)).map((violation) => violation.id)).toEqual(
          expect.arrayContaining(["image-alt", "label"]),
        );
      } finally {
        await control.close();
      }
      // Chrome reports a page answered 400 (a refused password) as a failed load; nothing else.
      expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
      const tokens = [
        ...(await (await fetch(`${root}/_sandbox/mail`)).text()).matchAll(/token=([^"&]+)/g),
      ].map((match) => decodeURIComponent(match[1] as string));
      expect(tokens.length).toBeGreaterThanOrEqual(2);
      for (const token of tokens) expect(output()).not.toContain(token);
    });
  },
);
