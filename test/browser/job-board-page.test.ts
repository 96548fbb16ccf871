import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardJob } from "../../src/jobs/board";
import { codeSamples, pageModule } from "../docs/extract";
import { HAS_CHROMIUM, launchChromium, NO_CHROMIUM } from "../support/chromium";
import { ROOT } from "../support/serve";

interface GuideModule {
  careersPage: (firm: string, jobs: readonly BoardJob[]) => string;
  board: { ok: true; jobs: BoardJob[] };
}

/** docs/job-board.md's samples as the docs test runs them, exporting the page it builds. */
async function guideModule(): Promise<GuideModule> {
  const samples = codeSamples(ROOT, "docs/job-board.md").filter(
    (sample) => sample.language === "ts",
  );
  const dir = join(ROOT, "test/docs/.samples");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "job-board-page-browser.ts");
  writeFileSync(file, pageModule(samples).replace(/export \{\};\n$/, "export { board };\n"));
  return (await import(file)) as GuideModule;
}

const HOSTILE: BoardJob = {
  id: 'x" onmouseover="window.__pwned = 3',
  title: "<b>Bold</b> title",
  department: "<i>Dept</i>",
  officeLocation: "Office & Co",
  employmentType: "Full-time",
  description:
    '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>\n\nSecond **paragraph**',
  openDate: null,
  closeDate: "2026-12-31",
};

describe.skipIf(!HAS_CHROMIUM)(
  `the job board guide's careers page in headless Chromium${NO_CHROMIUM}`,
  () => {
    let page: Page;
    let problems: string[] = [];
    let close: () => Promise<void> = async () => undefined;
    let guide: GuideModule;

    beforeAll(async () => {
      guide = await guideModule();
      ({ page, problems, close } = await launchChromium());
    });

    afterAll(async () => {
      await close();
    });

    it("lists the open public jobs only, with their text as written", async () => {
      await page.setContent(guide.careersPage("Hartwell & Price LLP", guide.board.jobs));
      expect(await page.title()).toBe("Careers at Hartwell & Price LLP");
      const jobs = await page.locator("li.job").evaluateAll((items) =>
        items.map((item) => ({
          id: item.getAttribute("data-job-id"),
          title: item.querySelector("h2")?.textContent,
          paragraphs: Array.from(item.querySelectorAll("p:not(.where)"), (p) => p.textContent),
        })),
      );
      expect(jobs).toEqual([
        {
          id: "0b7e2f4c-9d1a-4f3e-8c2b-6a5d4e3f2a10",
          title: "Corporate Associate",
          paragraphs: [
            "Join our **Corporate** team in London.",
            "You will advise on M&A and financing. Applications from <all> backgrounds & experience levels are welcome.",
          ],
        },
        {
          id: "1c8f3a5d-0e2b-4a4f-9d3c-7b6e5f4a3b21",
          title: "Summer Associate 2027",
          paragraphs: ["Ten weeks with our litigators in New York."],
        },
      ]);
      expect(await page.locator("all").count()).toBe(0);
      expect(problems).toEqual([]);
    });

    it("escapes every value: markup in a job's fields stays text and runs nothing", async () => {
      await page.setContent(guide.careersPage("<Firm>", [HOSTILE]));
      await page.locator("li.job").hover();
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await page.locator("li.job img, li.job script, li.job b, li.job i").count()).toBe(0);
      expect(await page.locator("li.job").getAttribute("data-job-id")).toBe(HOSTILE.id);
      expect(await page.locator("li.job h2").textContent()).toBe("<b>Bold</b> title");
      expect(await page.locator("li.job p.where").textContent()).toBe(
        "<i>Dept</i> · Office & Co · apply by 2026-12-31",
      );
      expect(await page.locator("li.job p:not(.where)").allTextContents()).toEqual([
        '<img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>',
        "Second **paragraph**",
      ]);
      expect(await page.locator("h1").textContent()).toBe("Careers at <Firm>");
      expect(problems).toEqual([]);
    });

    it("says so when no position is open", async () => {
      await page.setContent(guide.careersPage("Hartwell & Price LLP", []));
      expect(await page.locator("li.job").count()).toBe(0);
      expect(await page.locator("body > p").textContent()).toBe("No open positions right now.");
    });
  },
);
