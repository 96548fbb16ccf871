import { describe, expect, it } from "vitest";
import { upsertMatters } from "../../src/matters/upsert";
import { ADMIN, sandbox, sandboxSnapshot, upload } from "../http/support";
import { dropStore, freshStore, pgliteClient } from "../postgres/stores";

const CYCLE = "6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f";
const FILE =
  "Matter ID,Matter Name,Attorney Email,Billing Attorney Email,Start Date,End Date,Hours Billed,Client Name,Description\n" +
  "CASE-1,Case one,ada.okoye@hartwell.example,ada.okoye@hartwell.example,1/2/2026,,10,Acme,\n";

describe("reviewCycleId is matched case-insensitively (UUIDs compare without case)", () => {
  it("finds the cycle by its UUID in upper case over HTTP", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const response = await request(
      `/api/v2/matters-csv/upsert?reviewCycleId=${CYCLE.toUpperCase()}`,
      { method: "POST", body: upload(FILE), headers: { cookie } },
    );
    expect(response.status).toBe(200);
  });

  it("finds a cycle a snapshot names in upper case, on PGlite as on memory", async () => {
    const snapshot = sandboxSnapshot();
    for (const cycle of snapshot.reviewCycles ?? []) cycle.id = cycle.id.toUpperCase();
    const store = await freshStore(pgliteClient(), "cycle_case");
    try {
      await store.loadSnapshot(
        (await import("../../src/domain/snapshot")).parseOrganizationSnapshot(snapshot),
      );
      const outcome = await upsertMatters(store, {
        orgId: snapshot.organization.id as string,
        reviewCycleId: CYCLE,
        file: new TextEncoder().encode(FILE),
      });
      expect(outcome.ok).toBe(true);
    } finally {
      await dropStore(store);
    }
  });
});
