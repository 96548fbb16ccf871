/**
 * Run in a fresh process by the benchmark: reads a member file and its organization, then either
 * validates the file once (`validate`) or imports it once into a memory store holding the
 * organization (`import`), and prints how far the process's peak resident memory grew meanwhile.
 */
import { readFileSync } from "node:fs";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { validateMemberCsv } from "../../src/members/validate";
import { createMemoryStore } from "../../src/memory/store";

const [csvPath, snapshotPath, mode = "validate"] = process.argv.slice(2) as [
  string,
  string,
  string?,
];
const now = new Date("2026-06-15T00:00:00Z");
const bytes = readFileSync(csvPath);
const snapshot = parseOrganizationSnapshot(JSON.parse(readFileSync(snapshotPath, "utf8")));
const store = mode === "import" ? createMemoryStore(snapshot) : undefined;
(globalThis as { gc?: () => void }).gc?.();
const before = process.resourceUsage().maxRSS;
const ok =
  store === undefined
    ? validateMemberCsv(bytes, {
        product: "PERFORM",
        organization: snapshot.organization,
        members: snapshot.members,
        now,
      }).ok
    : (
        await importMembers(store, {
          orgId: snapshot.organization.id,
          product: "PERFORM",
          file: bytes,
          now,
        })
      ).ok;
const after = process.resourceUsage().maxRSS;
process.stdout.write(
  JSON.stringify({ ok, peakGrowthBytes: (after - before) * 1024, fileBytes: bytes.byteLength }),
);
