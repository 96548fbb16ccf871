/**
 * Run in a fresh process by the benchmark: reads a member file and its organization, then
 * validates it once and prints how far the process's peak resident memory grew while doing so.
 */
import { readFileSync } from "node:fs";
import { validateMemberCsv } from "../../src/members/validate";
import { parseOrganizationSnapshot } from "../../src/store/snapshot";

const [csvPath, snapshotPath] = process.argv.slice(2) as [string, string];
const bytes = readFileSync(csvPath);
const snapshot = parseOrganizationSnapshot(JSON.parse(readFileSync(snapshotPath, "utf8")));
(globalThis as { gc?: () => void }).gc?.();
const before = process.resourceUsage().maxRSS;
const verdict = validateMemberCsv(bytes, {
  product: "PERFORM",
  organization: snapshot.organization,
  members: snapshot.members,
  now: new Date("2026-06-15T00:00:00Z"),
});
const after = process.resourceUsage().maxRSS;
process.stdout.write(
  JSON.stringify({
    ok: verdict.ok,
    peakGrowthBytes: (after - before) * 1024,
    fileBytes: bytes.byteLength,
  }),
);
