import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium, which .ci/run installs. */
export const CHROMIUM = "/usr/bin/chromium";
export const HAS_CHROMIUM = existsSync(CHROMIUM);
/** Why a browser suite is skipped on a machine without it, for its title. */
export const NO_CHROMIUM = HAS_CHROMIUM
  ? ""
  : ` (skipped: ${CHROMIUM} is missing; apt-get install -y chromium, as .ci/run does)`;

/**
 * Headless Chromium with a new empty profile and no background networking (this machine has no
 * internet), its first page, and `problems` collecting console errors and page errors.
 */
export async function launchChromium(): Promise<{
  context: BrowserContext;
  page: Page;
  problems: string[];
  close: () => Promise<void>;
}> {
  const profile = mkdtempSync(join(tmpdir(), "rpdi-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
