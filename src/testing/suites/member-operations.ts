import { expect, it } from "vitest";
import {
  addMemberProductRole,
  deleteMember,
  editMember,
  editMemberAuthInfo,
  listMembersByProduct,
  revokeMemberProductAccess,
} from "../../members/operations";
import { type ConformanceHarness, memberNamed, roleOn } from "../harness";
import { SEED_NOW, SEED_ORG_ID, SSO_ORG_ID } from "../seed";

export function memberOperationsSuite(h: ConformanceHarness): void {
  const target = (memberId: string) => ({ orgId: SEED_ORG_ID, memberId, now: SEED_NOW });

  it("an edit applies the CSV's column rules and writes only when every field passes", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const refused = await editMember(store, {
      ...target("m-ben"),
      edit: { jobTitle: "Counsel", bioLink: "not a link", graduationYear: "15" },
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: "INVALID",
      errors: [
        { columnName: "Graduation Year", type: "INVALID_YEAR" },
        { columnName: "Bio Link", type: "INVALID_URL" },
      ],
    });
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
    const done = await editMember(store, {
      ...target("m-ben"),
      edit: {
        jobTitle: "Counsel",
        department: "corporate",
        officeCity: "London",
        officeCountry: "united kingdom",
        lawSchool: "",
      },
    });
    expect(done.ok).toBe(true);
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example")).toMatchObject({
      jobTitle: "Counsel",
      department: "Corporate",
      office: { city: "London", state: null, country: "United Kingdom" },
      education: [{ lawSchool: null, graduationYear: 2015 }],
    });
  });

  it("an email edit must be well formed and free in the organization and among other organizations' users", async () => {
    const store = await h.seeded();
    expect(
      await editMember(store, { ...target("m-ben"), edit: { email: "ADA@firm.example" } }),
    ).toMatchObject({ ok: false, errors: [{ columnName: "Email", type: "ROW_VALUE_CONFLICT" }] });
    expect(
      await editMember(store, { ...target("m-ben"), edit: { email: "sam@other.example" } }),
    ).toMatchObject({ ok: false, errors: [{ type: "ROW_VALUE_CONFLICT" }] });
    expect(await editMember(store, { ...target("m-ben"), edit: { email: "ben@" } })).toMatchObject({
      ok: false,
      errors: [{ type: "INVALID_EMAIL" }],
    });
    expect(
      (await editMember(store, { ...target("m-ben"), edit: { email: "benjamin@firm.example" } }))
        .ok,
    ).toBe(true);
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "benjamin@firm.example").id).toBe(
      "m-ben",
    );
  });

  it("auth info follows the organization's SSO setup and changes roles only on products the member has", async () => {
    const store = await h.seeded();
    const sso = { orgId: SSO_ORG_ID, memberId: "s-lou", now: SEED_NOW };
    expect(await editMemberAuthInfo(store, { ...sso, edit: { useMfa: "no" } })).toMatchObject({
      ok: false,
      errors: [{ columnName: "SSO ID", type: "EMPTY_REQUIRED_VALUE" }],
    });
    expect(
      await editMemberAuthInfo(store, { ...sso, edit: { useMfa: "no", ssoId: "lou" } }),
    ).toMatchObject({ ok: false, errors: [{ columnName: "SSO ID", type: "INVALID_SSO_ID" }] });
    expect(
      (await editMemberAuthInfo(store, { ...sso, edit: { useMfa: "no", ssoId: "LR0002" } })).ok,
    ).toBe(true);
    expect(
      await editMemberAuthInfo(store, {
        ...target("m-dev"),
        productRoles: [{ product: "PERFORM", role: "ADMIN" }],
      }),
    ).toMatchObject({ ok: false, errors: [{ columnName: "Role" }] });
    expect(
      (
        await editMemberAuthInfo(store, {
          ...target("m-dev"),
          productRoles: [{ product: "RECRUIT", role: "ADMIN" }],
        })
      ).ok,
    ).toBe(true);
    expect(
      roleOn(memberNamed(await h.readBack(store, SEED_ORG_ID), "dev@firm.example"), "RECRUIT"),
    ).toBe("ADMIN");
  });

  it("granting a product queues a welcome email; revoking one keeps the other products and the member's data", async () => {
    const store = await h.seeded();
    const granted = await addMemberProductRole(store, {
      ...target("m-fay"),
      product: "UNI",
      newId: () => "welcome-1",
    });
    expect(granted).toMatchObject({
      ok: true,
      welcomeEmails: [{ id: "welcome-1", reason: "PRODUCT_GRANTED", product: "UNI" }],
    });
    expect((await h.readBack(store, SEED_ORG_ID)).welcomeEmails.map((email) => email.id)).toEqual([
      "welcome-1",
    ]);
    const before = memberNamed(await h.readBack(store, SEED_ORG_ID), "Cleo@firm.example");
    expect(
      (await revokeMemberProductAccess(store, { ...target("m-cleo"), product: "PERFORM" })).ok,
    ).toBe(true);
    // The roles changed, so the member's sessions end: the session epoch goes up.
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "Cleo@firm.example")).toEqual({
      ...before,
      products: [{ product: "RECRUIT", role: "MEMBER" }],
      credentials: {
        ...before?.credentials,
        sessionEpoch: (before?.credentials.sessionEpoch ?? 0) + 1,
      },
    });
  });

  it("deleting a member removes them entirely, with the manager and mentor links that point at them", async () => {
    const store = await h.seeded();
    expect(await deleteMember(store, { orgId: SEED_ORG_ID, memberId: "m-cleo" })).toEqual({
      ok: true,
      memberId: "m-cleo",
    });
    expect(await deleteMember(store, { orgId: SEED_ORG_ID, memberId: "m-ada" })).toEqual({
      ok: true,
      memberId: "m-ada",
    });
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(after.members.map((member) => member.id)).not.toContain("m-cleo");
    expect(memberNamed(after, "ben@firm.example")).toMatchObject({
      managerId: null,
      mentorIds: [],
    });
    expect(await deleteMember(store, { orgId: SEED_ORG_ID, memberId: "m-cleo" })).toEqual({
      ok: false,
      reason: "NOT_FOUND",
      memberId: "m-cleo",
    });
  });

  it("pages members by product with a cursor", async () => {
    const store = await h.seeded();
    const first = await listMembersByProduct(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      first: 2,
    });
    const second = await listMembersByProduct(store, {
      orgId: SEED_ORG_ID,
      product: "PERFORM",
      first: 2,
      after: first.endCursor,
    });
    expect([first.nodes.map((member) => member.id), first.hasNextPage]).toEqual([
      ["m-ada", "m-ben"],
      true,
    ]);
    expect([second.nodes.map((member) => member.id), second.hasNextPage]).toEqual([
      ["m-cleo", "m-eve"],
      false,
    ]);
    expect(first.nodes[0]).not.toHaveProperty("credentials");
  });
}
