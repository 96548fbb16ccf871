import { expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { OrganizationNotFoundError } from "../../store/errors";
import type { Store } from "../../store/port";
import { type ConformanceHarness, canonical } from "../harness";
import { SEED_ORG_ID, seedOrganization } from "../seed";
import { csv, expectOk, importInto } from "./util";

export function snapshotsSuite(h: ConformanceHarness, fresh: () => Promise<Store>): void {
  it("exports exactly the snapshot it was loaded with", async () => {
    const store = await h.seeded();
    expect(canonical(await h.readBack(store, SEED_ORG_ID))).toEqual(
      canonical(organizationSnapshotSchema.parse(seedOrganization())),
    );
  });

  it("an exported snapshot loaded into a new store gives an equal store", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv(
          "First Name,Last Name,Email,Manager Email",
          "New,One,new1@firm.example,ben@firm.example",
        ),
      ),
    );
    const exported = await h.readBack(store, SEED_ORG_ID);
    const copy = await fresh();
    await copy.loadSnapshot(exported);
    expect(canonical(await h.readBack(copy, SEED_ORG_ID))).toEqual(canonical(exported));
  });

  it("finds an organization by its short name, and nothing for an unknown one", async () => {
    const store = await h.seeded();
    expect(await store.findOrganizationId("conformance")).toBe(SEED_ORG_ID);
    expect(await store.findOrganizationId("Conformance")).toBeNull();
    expect(await store.findOrganizationId("nope")).toBeNull();
  });

  it("loads members by id, skipping unknown ids, and by address case-insensitively", async () => {
    const store = await h.seeded();
    const [byId, byEmail] = await store.transaction(SEED_ORG_ID, async (tx) => [
      await tx.loadMembersById(["m-ben", "m-missing", "m-ben"]),
      await tx.loadMembersByEmail(["CLEO@FIRM.EXAMPLE", "nobody@firm.example"]),
    ]);
    expect(byId.map((member) => member.email)).toEqual(["ben@firm.example"]);
    expect(byEmail.map((member) => member.id)).toEqual(["m-cleo"]);
  });

  it("has no snapshot of an unknown organization and refuses a transaction on one", async () => {
    const store = await h.seeded();
    expect(await store.exportSnapshot("org-missing")).toBeNull();
    const modes = [{ readOnly: false }, { readOnly: true }, { readOnly: true, singleRead: true }];
    for (const mode of modes) {
      await expect(store.transaction("org-missing", async () => 1, mode)).rejects.toBeInstanceOf(
        OrganizationNotFoundError,
      );
      // Work that reads first, and work that catches what it reads, are refused all the same.
      await expect(
        store.transaction("org-missing", (tx) => tx.loadMembersById(["m-1"]), mode),
      ).rejects.toBeInstanceOf(OrganizationNotFoundError);
      await expect(
        store.transaction("org-missing", (tx) => tx.loadOrganization().catch(() => "caught"), mode),
      ).rejects.toBeInstanceOf(OrganizationNotFoundError);
      await expect(
        store.transaction(
          "org-missing",
          async (tx) => (await tx.loadMemberAndOrganization?.("m-1").catch(() => null)) ?? null,
          mode,
        ),
      ).rejects.toBeInstanceOf(OrganizationNotFoundError);
    }
  });
}
