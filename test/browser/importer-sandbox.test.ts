import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "../support/chromium";
import { FIXTURES } from "../support/fixtures";
import { startServe, stopServe } from "../support/serve";

/** The bundled sandbox's admin (fixtures/sandbox.json; printed by `rpdi serve`). */
const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };

/**
 * The demo HRIS export (mis-headed: `E-mail Address`, `Given Name`, `Mentors`…) with three cells
 * broken as a person would mistype them (an address without its domain's end, a two-digit year, a
 * level the organization does not have), and what the person types to fix each, in grid order.
 */
const MIS_HEADED = readFileSync(join(FIXTURES, "demo/hris-export.csv"), "utf8")
  .replace("ben.marsh@hartwell.example,Ben", "ben.marsh@hartwell,Ben")
  .replace(",1/12/2015,", ",1/12/15,")
  .replace(",Junior Associate,", ",Intern,");
const FIXES = ["ben.marsh@hartwell.example", "1/12/2015", "Junior Associate"] as const;

/** The focused element, looking into shadow roots: its tag, label and text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (element === null) return "";
    const label =
      element.getAttribute("aria-label") ??
      (element.id
        ? element.getRootNode() instanceof ShadowRoot
          ? (element.getRootNode() as ShadowRoot).querySelector(`label[for="${element.id}"]`)
              ?.textContent
          : ""
        : "") ??
      "";
    return `${element.tagName.toLowerCase()}|${element.getAttribute("role") ?? ""}|${label}|${(element.textContent ?? "").trim().slice(0, 60)}`;
  });
}

/** Presses Tab until the focused element's description contains `text` (at most 60 presses). */
async function tabTo(page: Page, text: string): Promise<void> {
  for (let press = 0; press < 60; press++) {
    if ((await focused(page)).includes(text)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${text}"; focus is on ${await focused(page)}`);
}

describe.skipIf(!HAS_CHROMIUM)(`the sandbox's /import page, keyboard only${NO_CHROMIUM}`, () => {
  let child: ChildProcess;
  let root: string;
  let page: Page;
  let problems: string[] = [];
  let close: () => Promise<void> = async () => undefined;
  const audited: string[] = [];

  beforeAll(async () => {
    const started = await startServe([]);
    child = started.child;
    root = started.rest.replace(/\/api\/v2$/, "");
    ({ page, problems, close } = await launchChromium());
  });

  afterAll(async () => {
    await close();
    if (child !== undefined) await stopServe(child);
  });

  async function audit(step: string): Promise<void> {
    audited.push(step);
    expect(await seriousViolations(page), `axe on the ${step} step`).toEqual([]);
  }

  const importer = () => page.locator("rpdi-importer");
  const heading = () => importer().locator("h3");

  it("signs in, maps a mis-headed export, fixes three cells in the grid, reviews and imports: the sandbox answers 200", async () => {
    const response = await page.goto(`${root}/import`);
    expect(response?.status()).toBe(200);
    await audit("sign-in");
    await tabTo(page, "input||");
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press("Enter");
    await importer().waitFor({ state: "visible" });
    // The file chooser is the operating system's: the test hands the file to the focused input.
    expect(await focused(page)).toContain("input|");
    await importer()
      .locator("input[type=file]")
      .setInputFiles({
        name: "hris-export.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(MIS_HEADED),
      });
    await audit("file");
    await tabTo(page, "Next");
    await page.keyboard.press("Enter");
    await expect.poll(() => heading().textContent()).toBe("Kind");
    expect(await focused(page)).toContain("h3");
    await tabTo(page, "Members");
    await page.keyboard.press("Space");
    await audit("kind");
    await tabTo(page, "Next");
    await page.keyboard.press("Enter");
    await expect.poll(() => heading().textContent()).toBe("Header");
    await expect.poll(() => importer().locator("select").count()).toBe(12);
    await audit("header");
    expect(await importer().locator("[part~=required]").textContent()).toBe(
      "Every required column is matched.",
    );
    // Mentors is only 75% sure: the person picks Mentor Emails by typing in its list.
    await tabTo(page, "|Mentors|");
    await page.keyboard.type("Mentor Emails");
    expect(await importer().locator("select").nth(11).inputValue()).toBe("Mentor Emails");
    await tabTo(page, "Next");
    await page.keyboard.press("Enter");
    await expect.poll(() => heading().textContent()).toBe("Check and fix");
    await importer().locator("[role=grid]").waitFor();
    expect(await importer().locator("[part=summary]").textContent()).toBe("3 problems to fix.");
    await audit("check");
    await tabTo(page, "gridcell");
    for (const [index, fix] of FIXES.entries()) {
      await page.keyboard.press("Enter");
      expect(await focused(page)).toContain("input|");
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(fix);
      if (index === 0) await audit("fix");
      await page.keyboard.press("Enter");
      await expect
        .poll(() => importer().locator("[part=status]").textContent())
        .toContain(`${2 - index} problem`);
    }
    expect(await importer().locator("[part=summary]").textContent()).toContain("passes every rule");
    expect(await focused(page)).toContain("Next");
    await page.keyboard.press("Enter");
    await expect.poll(() => heading().textContent()).toBe("Review");
    expect(await importer().locator("[part=review] li").allTextContents()).toEqual([
      "2 members created",
      "1 member updated",
      "2 members with the product not in the file (they keep their access)",
    ]);
    await audit("review");
    await tabTo(page, "Next");
    await page.keyboard.press("Enter");
    await expect.poll(() => heading().textContent()).toBe("Submit");
    await tabTo(page, "Import");
    await audit("submit");
    await page.keyboard.press("Enter");
    const answer = importer().locator("[part~=answer]");
    await answer.waitFor();
    expect(await answer.textContent()).toBe("The server answered 200: 2 created, 1 updated.");
    await audit("answer");
    expect(audited).toHaveLength(9);
    expect(problems).toEqual([]);
  });
});
