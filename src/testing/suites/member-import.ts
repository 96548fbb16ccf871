import { expect, it } from "vitest";
import { OrganizationNotFoundError } from "../../store/errors";
import { type ConformanceHarness, memberNamed, roleOn } from "../harness";
import { SEED_ORG_ID, SSO_ORG_ID } from "../seed";
import { csv, expectOk, importInto } from "./util";

export function memberImportSuite(h: ConformanceHarness): void {
  it("no member record → import: a member with the Role column's role (default MEMBER), and a welcome email for the row", async () => {
    const store = await h.seeded();
    const outcome = await importInto(
      store,
      "PERFORM",
      csv(
        "First Name,Last Name,Email,Role",
        "New,One,new1@firm.example,",
        "New,Two,new2@firm.example,ADMIN",
      ),
    );
    expectOk(outcome);
    expect(outcome.result.createdCount).toBe(2);
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(memberNamed(after, "new1@firm.example").products).toEqual([
      { product: "PERFORM", role: "MEMBER" },
    ]);
    expect(memberNamed(after, "new2@firm.example").products).toEqual([
      { product: "PERFORM", role: "ADMIN" },
    ]);
    expect(after.welcomeEmails.map((email) => [email.email, email.reason, email.product])).toEqual([
      ["new1@firm.example", "MEMBER_CREATED", "PERFORM"],
      ["new2@firm.example", "MEMBER_CREATED", "PERFORM"],
    ]);
    expect(outcome.welcomeEmails).toEqual(after.welcomeEmails);
  });

  it("member without access to the target product → import: a role on the product, and a welcome email for the newly granted product", async () => {
    const store = await h.seeded();
    const outcome = await importInto(
      store,
      "PERFORM",
      csv("First Name,Last Name,Email", "Dev,Raman,DEV@firm.example"),
    );
    expectOk(outcome);
    expect(outcome.result).toMatchObject({ createdCount: 0, updatedCount: 1 });
    const dev = memberNamed(await h.readBack(store, SEED_ORG_ID), "dev@firm.example");
    expect(roleOn(dev, "PERFORM")).toBe("MEMBER");
    expect(roleOn(dev, "RECRUIT")).toBe("MEMBER");
    expect(outcome.welcomeEmails.map((email) => [email.memberId, email.reason])).toEqual([
      ["m-dev", "PRODUCT_GRANTED"],
    ]);
  });

  it("member with access → import: same access, fields updated per the present-column rule, no welcome email", async () => {
    const store = await h.seeded();
    const outcome = await importInto(
      store,
      "PERFORM",
      csv(
        "First Name,Last Name,Email,Job Title",
        "Benjamin,Marsh,ben@firm.example,Senior Associate",
      ),
    );
    expectOk(outcome);
    const after = await h.readBack(store, SEED_ORG_ID);
    const ben = memberNamed(after, "ben@firm.example");
    expect(ben).toMatchObject({
      firstName: "Benjamin",
      jobTitle: "Senior Associate",
      products: [{ product: "PERFORM", role: "MEMBER" }],
    });
    expect(after.welcomeEmails).toEqual([]);
  });

  it("MEMBER or ADMIN → import with the Role column holding the other value: role switched on the target product only", async () => {
    const store = await h.seeded();
    const outcome = await importInto(
      store,
      "PERFORM",
      csv(
        "First Name,Last Name,Email,Role",
        "Ben,Marsh,ben@firm.example,ADMIN",
        "Ada,Admin,ada@firm.example,MEMBER",
      ),
    );
    expectOk(outcome);
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(roleOn(memberNamed(after, "ben@firm.example"), "PERFORM")).toBe("ADMIN");
    expect(roleOn(memberNamed(after, "ada@firm.example"), "PERFORM")).toBe("MEMBER");
    expect(roleOn(memberNamed(after, "ada@firm.example"), "RECRUIT")).toBe("ADMIN");
  });

  it("update rule 1: a header the file lacks preserves the stored value", async () => {
    const store = await h.seeded();
    const before = memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example");
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv("First Name,Last Name,Email", "Ben,Marsh,ben@firm.example"),
      ),
    );
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example")).toEqual(before);
  });

  it("update rules 2 and 3: a non-blank cell replaces the value, a blank cell clears it", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv(
          "First Name,Last Name,Email,Job Title,Department,Employee ID,Manager Email,Mentor Emails",
          "Ben,Marsh,ben@firm.example,,Corporate,,,",
        ),
      ),
    );
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example")).toMatchObject({
      jobTitle: null,
      department: "Corporate",
      employeeId: null,
      managerId: null,
      mentorIds: [],
    });
  });

  it("update rule 4: the office is one unit — any office header present takes all three from the file", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv(
          "First Name,Last Name,Email,Office City,Office Country (Non-US Only)",
          "Ben,Marsh,ben@firm.example,london,united kingdom",
        ),
      ),
    );
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example").office).toEqual({
      city: "London",
      state: null,
      country: "United Kingdom",
    });
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv("First Name,Last Name,Email,Office City", "Ben,Marsh,ben@firm.example,"),
      ),
    );
    expect(memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example").office).toBeNull();
  });

  it("update rule 5: Level, Graduation Year and Effective Class Year are preserved unless the product is PERFORM", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "RECRUIT",
        csv(
          "First Name,Last Name,Email,Level,Effective Class Year",
          "Ben,Marsh,ben@firm.example,Partner,2001",
        ),
      ),
    );
    const ben = memberNamed(await h.readBack(store, SEED_ORG_ID), "ben@firm.example");
    expect(ben).toMatchObject({ level: "Associate", effectiveClassYear: null });
    expect(roleOn(ben, "RECRUIT")).toBe("MEMBER");
  });

  it("update rule 6: with only one of SSO ID and Use MFA in the file, the other comes from the stored member", async () => {
    const store = await h.seeded();
    const kept = await importInto(
      store,
      "PERFORM",
      csv("First Name,Last Name,Email,Use MFA", "Kim,Park,kim@sso.example,no"),
      SSO_ORG_ID,
    );
    expectOk(kept);
    const refused = await importInto(
      store,
      "PERFORM",
      csv("First Name,Last Name,Email,Use MFA", "Lou,Reed,lou@sso.example,no"),
      SSO_ORG_ID,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.result.rowColumnErrors.map((error) => [error.columnName, error.type])).toEqual(
        [["SSO ID", "EMPTY_REQUIRED_VALUE"]],
      );
    const mfa = await importInto(
      store,
      "PERFORM",
      csv("First Name,Last Name,Email,SSO ID", "Lou,Reed,lou@sso.example,"),
      SSO_ORG_ID,
    );
    expectOk(mfa);
    expect(memberNamed(await h.readBack(store, SSO_ORG_ID), "kim@sso.example")).toMatchObject({
      ssoId: "KP0001",
      useMfa: false,
    });
  });

  it("update rule 7: education is create-only — a member with education keeps it, one without gains it", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv(
          "First Name,Last Name,Email,Law School,Graduation Year",
          "Ben,Marsh,ben@firm.example,Yale Law School,2020",
          "Fay,Lin,fay@firm.example,Yale Law School,2020",
        ),
      ),
    );
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(memberNamed(after, "ben@firm.example").education).toEqual([
      { lawSchool: "Harvard Law School", graduationYear: 2015 },
    ]);
    expect(memberNamed(after, "fay@firm.example").education).toEqual([
      { lawSchool: "Yale Law School", graduationYear: 2020 },
    ]);
  });

  it("absentMembers lists every non-admin member with access to the product who is not in the file, and the import removes none of them", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const outcome = await importInto(
      store,
      "PERFORM",
      csv("First Name,Last Name,Email", "Ben,Marsh,ben@firm.example"),
    );
    expectOk(outcome);
    expect(outcome.result.absentMembers).toEqual([
      { email: "Cleo@firm.example", firstName: "Cleo", lastName: "Dubois" },
      { email: "eve@firm.example", firstName: "Eve", lastName: "Stone" },
    ]);
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(after.members.map((member) => [member.id, member.products])).toEqual(
      before.members.map((member) => [member.id, member.products]),
    );
  });

  it("managers and mentors link to members created in the same file, in any row order", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv(
          "First Name,Last Name,Email,Manager Email,Mentor Emails",
          "Ann,Lee,ann@firm.example,bo@firm.example,ben@firm.example;BO@firm.example",
          "Bo,Ray,bo@firm.example,ada@firm.example,",
        ),
      ),
    );
    const after = await h.readBack(store, SEED_ORG_ID);
    const bo = memberNamed(after, "bo@firm.example");
    expect(memberNamed(after, "ann@firm.example")).toMatchObject({
      managerId: bo.id,
      mentorIds: ["m-ben", bo.id],
    });
    expect(bo.managerId).toBe("m-ada");
  });

  it("New Email moves the member to the new address, keeping its id", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv(
          "First Name,Last Name,Email,New Email",
          "Ben,Marsh,ben@firm.example,benjamin@firm.example",
        ),
      ),
    );
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(memberNamed(after, "benjamin@firm.example").id).toBe("m-ben");
    expect(after.members.some((member) => member.email === "ben@firm.example")).toBe(false);
  });

  it("an address of another organization's user cannot be created (EXISTING_USER_CONFLICT), and nothing is written", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const outcome = await importInto(
      store,
      "PERFORM",
      csv(
        "First Name,Last Name,Email",
        "Ok,Row,fine@firm.example",
        "Sam,Other,SAM@other.example",
        "Dee,Clared,declared@elsewhere.example",
      ),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.result.rowColumnErrors.map((error) => [error.rowNumber, error.type])).toEqual([
        [2, "EXISTING_USER_CONFLICT"],
        [3, "EXISTING_USER_CONFLICT"],
      ]);
    }
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("a file with an invalid row writes nothing, not even its valid rows", async () => {
    const store = await h.seeded();
    const before = await h.readBack(store, SEED_ORG_ID);
    const outcome = await importInto(
      store,
      "PERFORM",
      csv(
        "First Name,Last Name,Email,Job Title",
        "Ben,Marsh,ben@firm.example,Partner",
        "New,Person,new@firm.example,",
        "Bad,Row,not-an-email,",
      ),
    );
    expect(outcome.ok).toBe(false);
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
  });

  it("an import into an unknown organization fails with OrganizationNotFoundError", async () => {
    const store = await h.seeded();
    await expect(
      importInto(
        store,
        "PERFORM",
        csv("First Name,Last Name,Email", "A,B,a@firm.example"),
        "org-missing",
      ),
    ).rejects.toBeInstanceOf(OrganizationNotFoundError);
  });
}
