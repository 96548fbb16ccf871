import { expect, it } from "vitest";
import { removeProductAccess } from "../../members/remove";
import { type ConformanceHarness, memberNamed, roleOn } from "../harness";
import { SEED_ORG_ID } from "../seed";

export function bulkRemoveSuite(h: ConformanceHarness): void {
  const remove = (
    store: Parameters<typeof removeProductAccess>[0],
    product: "PERFORM" | "RECRUIT" | "UNI",
    emails?: string[] | null,
  ) => removeProductAccess(store, { orgId: SEED_ORG_ID, product, emails });

  it("MEMBER on product → bulk remove: no access to that product; other products, the member record and employment data kept", async () => {
    const store = await h.seeded();
    const before = memberNamed(await h.readBack(store, SEED_ORG_ID), "Cleo@firm.example");
    expect(await remove(store, "PERFORM", ["Cleo@firm.example"])).toEqual({ removedCount: 1 });
    const after = memberNamed(await h.readBack(store, SEED_ORG_ID), "Cleo@firm.example");
    // The roles changed, so the member's sessions end: the session epoch goes up.
    expect(after).toEqual({
      ...before,
      products: [{ product: "RECRUIT", role: "MEMBER" }],
      credentials: {
        ...before?.credentials,
        sessionEpoch: (before?.credentials.sessionEpoch ?? 0) + 1,
      },
    });
  });

  it("ADMIN on product → bulk remove: unchanged, skipped silently and not counted", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    expect(await remove(store, "PERFORM", ["ada@firm.example", "ben@firm.example"])).toEqual({
      removedCount: 1,
    });
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(memberNamed(after, "ada@firm.example")).toEqual(memberNamed(before, "ada@firm.example"));
    expect(roleOn(memberNamed(after, "ben@firm.example"), "PERFORM")).toBeUndefined();
  });

  it("matches the exact stored address: no trimming and no case folding", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    expect(
      await remove(store, "PERFORM", [
        "cleo@firm.example",
        " ben@firm.example",
        "ben@firm.example ",
      ]),
    ).toEqual({ removedCount: 0 });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("ignores unmatched addresses and counts a repeated address once", async () => {
    const store = await h.seeded();
    expect(
      await remove(store, "PERFORM", [
        "ben@firm.example",
        "ben@firm.example",
        "nobody@firm.example",
        "sam@other.example",
      ]),
    ).toEqual({ removedCount: 1 });
  });

  it("counts only members whose access to that product was actually removed", async () => {
    const store = await h.seeded();
    expect(await remove(store, "PERFORM", ["dev@firm.example", "fay@firm.example"])).toEqual({
      removedCount: 0,
    });
    expect(await remove(store, "UNI", ["eve@firm.example"])).toEqual({ removedCount: 0 });
  });

  it("null, missing or empty emails are a valid no-op with removedCount 0", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    for (const emails of [null, undefined, []])
      expect(await remove(store, "PERFORM", emails)).toEqual({ removedCount: 0 });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("never touches another organization's members", async () => {
    const store = await h.seeded();
    const other = await h.readBack(store, "org-other");
    expect(
      await removeProductAccess(store, {
        orgId: SEED_ORG_ID,
        product: "RECRUIT",
        emails: ["sam@other.example"],
      }),
    ).toEqual({ removedCount: 0 });
    expect(await h.readBack(store, "org-other")).toEqual(other);
  });
}
