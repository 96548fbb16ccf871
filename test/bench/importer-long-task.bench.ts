import { HAS_CHROMIUM, launchChromium } from "../support/chromium";
import {
  type ImporterCheckMeasure,
  LARGE_BYTES,
  measureImporterCheck,
  withUnknownLevels,
} from "../support/importer-long-task";
import { bundleImporter, serveImporterPage } from "../support/importer-page";
import { generateMemberBenchInput } from "./member-file";

/**
 * `<rpdi-importer>` checking a file of almost 10 MiB in headless Chromium (issue 47): the longest
 * main-thread task the long-task observer saw (0 when none reached 50 ms) and the longest gap of a
 * message-channel loop on the main thread, per run. `undefined` without Chromium.
 */
export async function benchImporterLongTask(
  runs: number,
): Promise<ImporterCheckMeasure[] | undefined> {
  if (!HAS_CHROMIUM) return undefined;
  const large = generateMemberBenchInput(LARGE_BYTES, 2_000);
  const csv = withUnknownLevels(large.csv);
  const { origin, server } = await serveImporterPage(await bundleImporter(process.cwd()), (path) =>
    path === "/large.csv" ? { type: "text/csv", body: csv } : undefined,
  );
  const browser = await launchChromium();
  try {
    await browser.page.goto(`${origin}/`);
    await browser.page.waitForFunction(
      () => (window as unknown as { ready?: boolean }).ready === true,
    );
    const measures: ImporterCheckMeasure[] = [];
    for (let run = 0; run < runs; run += 1)
      measures.push(await measureImporterCheck(browser.page, large));
    return measures;
  } finally {
    await browser.close();
    server.close();
  }
}
