// `npm run demo`: the main job on the bundled fixtures and the default memory store.
// 1. Validates a good member file and one with mistakes with the built CLI.
// 2. Loads fixtures/org.json into the memory store and runs an import, a matter upsert (twice),
//    a bulk remove and the welcome-email outbox through the library, as a host would.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import {
  createMemoryStore,
  drainWelcomeEmails,
  importMembers,
  removeProductAccess,
  upsertMatters,
} from "../dist/index.js";

let failed = false;
function check(condition, message) {
  if (!condition) {
    console.error(`demo: ${message}`);
    failed = true;
  }
}

for (const { file, expect } of [
  { file: "fixtures/demo/new-hires.csv", expect: 0 },
  { file: "fixtures/demo/new-hires-with-mistakes.csv", expect: 1 },
]) {
  const args = ["validate", "members", file, "--product", "PERFORM", "--org", "fixtures/org.json"];
  console.log(`\n$ rpdi ${args.join(" ")}`);
  const result = spawnSync(process.execPath, ["dist/cli.js", ...args], { stdio: "inherit" });
  check(result.status === expect, `expected exit ${expect}, got ${result.status}`);
}

const org = JSON.parse(readFileSync("fixtures/org.json", "utf8"));
const orgId = org.organization.id;
const cycleId = org.reviewCycles[0].id;
const store = createMemoryStore(org);
const show = (title, value) => console.log(`\n${title}\n${JSON.stringify(value, null, 2)}`);

const imported = await importMembers(store, {
  orgId,
  product: "PERFORM",
  file: readFileSync("fixtures/demo/new-hires.csv"),
  now: new Date(),
});
show("importMembers(new-hires.csv) into the memory store → 200 body", imported.result);
check(imported.ok, "the import should succeed");

const matters = readFileSync("fixtures/matters/upsert-changes.csv");
const first = await upsertMatters(store, { orgId, reviewCycleId: cycleId, file: matters });
const again = await upsertMatters(store, { orgId, reviewCycleId: cycleId, file: matters });
show("upsertMatters(upsert-changes.csv), then the same file again", [first.result, again.result]);
check(
  first.ok && again.ok && again.result.created === 0 && again.result.updated === 0,
  "a retry should change nothing",
);

const removed = await removeProductAccess(store, {
  orgId,
  product: "PERFORM",
  emails: ["Chloe.Dubois@hartwell.example", "ada.okoye@hartwell.example"],
});
show("removeProductAccess(PERFORM, [a member, an admin])", removed);
check(removed.removedCount === 1, "only the member, not the admin, should lose access");

const emails = await drainWelcomeEmails(store, { orgId });
show(
  "drainWelcomeEmails: what the host should send",
  emails.map((email) => `${email.reason} → ${email.email}`),
);

process.exitCode = failed ? 1 : 0;
