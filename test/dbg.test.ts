import { it } from "vitest";
import { FeedIndex } from "../src/domain/feed-index";
const org = { shortName: "firm", siteUrl: "https://recruit.example/", applicationCustomFields: [] };
function app(id: string, n: number) {
  return { application: { id, candidateId: "c", jobId: "j", offer: { startDate: null, salary: null }, address: { addressLine1: "", addressLine2: "", city: "", state: "", zipCode: "" }, statusChanges: Array.from({length: n}, (_, i) => ({ statusName: "Applied", statusBucketName: "Active", at: `2026-03-0${1 + (i % 9)}T00:00:00Z` })), customFieldAnswers: [], education: [] }, candidate: { id: "c", firstName: "C", lastName: "0", email: null, phone: null }, job: { id: "j", title: "A", department: "", officeLocation: "", employmentType: "", hiringType: "", position: "", requisitionId: null } } as any;
}
let seed = 1;
const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
it("dbg", () => {
  for (let trial = 0; trial < 3000; trial++) {
    const log: string[] = [];
    const current = new Map<string, number>();
    const init = Array.from({ length: rnd(3) }, (_, i) => app(`i${i}`, rnd(3)));
    for (const a of init) current.set(a.application.id, a.application.statusChanges.length);
    log.push(`init ${init.map((a: any) => a.application.id + ":" + a.application.statusChanges.length)}`);
    let index = new FeedIndex(init, org);
    for (let step = 0; step < 3; step++) {
      const ids = [...current.keys()];
      const ups = Array.from({ length: rnd(3) }, (_, i) => app(ids.length > 0 && rnd(2) ? ids[rnd(ids.length)] : `n${step}${i}`, rnd(3)));
      const upIds = new Set(ups.map((a: any) => a.application.id));
      const removed = ids.length > 0 && rnd(2) ? [ids[rnd(ids.length)]].filter((id) => !upIds.has(id)) : [];
      const sib = rnd(2) === 1;
      if (sib) index.withChanges({ upserted: [app("s", 1)], removed: [] });
      index = index.withChanges({ upserted: ups, removed });
      for (const a of ups) current.set(a.application.id, a.application.statusChanges.length);
      for (const id of removed) current.delete(id);
      log.push(`step sib=${sib} ups=${ups.map((a: any) => a.application.id + ":" + a.application.statusChanges.length)} rm=${removed}`);
      const want = [...current.values()].reduce((a, b) => a + b, 0);
      if (want !== index.statusChangeCount) { console.log("FAIL", index.statusChangeCount, want, "\n" + log.join("\n")); return; }
    }
  }
  console.log("NOFAIL");
});
