import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkReport, diffReports, REPORT_PATH } from "../../scripts/api-report.mjs";

const scripts: Record<string, string> = JSON.parse(readFileSync("package.json", "utf8")).scripts;

describe("the public API report (api/exports.txt)", () => {
  it("lists every name each entry exports, with its kind", () => {
    const { diff } = checkReport();
    expect(
      diff,
      "The public API differs from api/exports.txt (- removed, + added). If the change is intended, run `node scripts/api-report.mjs` and commit api/exports.txt; otherwise restore the export.",
    ).toEqual([]);
  });

  it("shows a renamed export as one line removed and one added, under its entry", () => {
    const committed = readFileSync(REPORT_PATH, "utf8");
    const renamed = committed.replace(
      "\nfunction validateMemberCsv\n",
      "\nfunction validateMembersCsv\n",
    );
    expect(diffReports(committed, renamed)).toEqual([
      "rpdi:",
      "  - function validateMemberCsv",
      "  + function validateMembersCsv",
    ]);
    expect(diffReports(committed, committed)).toEqual([]);
  });

  it("is checked by `npm run api:check`", () => {
    expect(scripts["api:check"]).toBe("node scripts/api-report.mjs --check");
  });
});
