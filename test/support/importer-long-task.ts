import type { Page } from "playwright-core";
import type { Member } from "../../src/domain/member";
import type { OrganizationProfile } from "../../src/domain/organization";

/** Just under the interface's 10 MiB: the long-task file of the browser test and the bench. */
export const LARGE_BYTES = 10 * 1024 * 1024 - 64 * 1024;

/** What one check of `/large.csv` by the page's `<rpdi-importer>` showed of the main thread. */
export interface ImporterCheckMeasure {
  errors: number;
  /** The longest task the long-task observer saw (it reports only tasks of 50 ms or more); 0 when none. */
  longest: number;
  tasks: number;
  /** The longest gap between two turns of a message-channel loop on the main thread, in ms. */
  longestGap: number;
  rowCount: number;
  drawn: number;
  lastDrawn: number;
  checkMs: number;
  marks: string[];
}

/**
 * Chooses the page's `/large.csv` in the element, maps it as suggested and checks it, watching
 * the main thread with a long-task observer and a message-channel loop; then scrolls the grid to
 * its end and reports what was drawn. Shared by the browser test and `npm run bench`.
 */
export function measureImporterCheck(
  page: Page,
  context: { organization: OrganizationProfile; members: readonly Member[] },
): Promise<ImporterCheckMeasure> {
  return page.evaluate(
    async ({ organization, members }) => {
      type Importer = HTMLElement & {
        context: unknown;
        restart(): void;
        chooseFile(file: File): Promise<void>;
        go(step: string): Promise<void>;
        errors: readonly unknown[];
      };
      const importer = (window as unknown as { importer: Importer }).importer;
      const file = new File([await (await fetch("/large.csv")).blob()], "large.csv");
      importer.restart();
      importer.setAttribute("kind", "members");
      importer.setAttribute("product", "PERFORM");
      importer.context = { organization, members, now: new Date("2026-06-15T00:00:00Z") };
      await new Promise((done) => setTimeout(done, 100));
      const tasks: number[] = [];
      const marks: string[] = [];
      const mark = (name: string) => marks.push(`${name} ${Math.round(performance.now())}`);
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          tasks.push(entry.duration);
          marks.push(`task ${Math.round(entry.startTime)} ${Math.round(entry.duration)}`);
        }
      });
      observer.observe({ type: "longtask" });
      let longestGap = 0;
      let last = performance.now();
      let watching = true;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
        if (watching) setTimeout(() => channel.port2.postMessage(0), 1);
      };
      channel.port2.postMessage(0);
      mark("choose");
      const started = performance.now();
      await importer.chooseFile(file);
      mark("chosen");
      await importer.go("mapping");
      mark("mapping");
      await importer.go("check");
      const checkMs = performance.now() - started;
      mark("checked");
      const root = importer.shadowRoot as ShadowRoot;
      const viewport = root.querySelector(".grid-viewport") as HTMLElement;
      viewport.scrollTop = viewport.scrollHeight;
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)));
      const lastRow = root.querySelector("[role=grid]")?.getAttribute("aria-rowcount");
      const drawn = root.querySelectorAll(".grid-body [role=row]").length;
      const indexes = Array.from(root.querySelectorAll(".grid-body [role=row]"), (row) =>
        Number(row.getAttribute("aria-rowindex")),
      );
      await new Promise((done) => setTimeout(done, 100));
      watching = false;
      observer.disconnect();
      channel.port1.close();
      return {
        errors: importer.errors.length,
        longest: tasks.reduce((most, each) => Math.max(most, each), 0),
        tasks: tasks.length,
        longestGap,
        rowCount: Number(lastRow),
        drawn,
        lastDrawn: indexes.reduce((most, each) => Math.max(most, each), 0),
        checkMs,
        marks,
      };
    },
    { organization: context.organization, members: context.members },
  );
}

/** The bench's and the test's member file: two rows in five with a level the organization lacks. */
export function withUnknownLevels(csv: string): string {
  return csv.replaceAll(",Junior Associate,", ",Intern,").replaceAll(",Counsel,", ",Intern,");
}
