import { describe, expect, it } from "vitest";
import { issueSessionToken } from "../../src/auth/session-token";
import { ADMIN, MFA_ADMIN, SECRET, sandbox, sandboxSnapshot, upload } from "../http/support";

const ORG = sandboxSnapshot().organization.id as string;

/** The sandbox with felix.wu (m-006) as an Admin on UNI only, signed in. */
async function uniOnlyAdmin() {
  const snapshot = sandboxSnapshot();
  const felix = snapshot.members?.find((member) => member.id === "m-006");
  if (felix === undefined) throw new Error("the sandbox has no m-006");
  felix.products = [{ product: "UNI", role: "ADMIN" }];
  const context = sandbox({ snapshot });
  const token = await issueSessionToken(
    context.store,
    SECRET,
    { orgId: ORG, memberId: "m-006" },
    context.clock.now,
  );
  const importRecruit = (csv: string) =>
    context.request("/api/v2/members/import-csv?product=RECRUIT", {
      method: "POST",
      body: upload(csv),
      headers: { cookie: `SERVICEAUTH=${token}` },
    });
  const member = async (id: string) =>
    (await context.store.exportSnapshot(ORG))?.members.find((entry) => entry.id === id);
  return { ...context, importRecruit, member };
}

const conflictsOf = async (response: Response) =>
  (
    (await response.json()) as { rowColumnErrors: { columnName: string; type: string }[] }
  ).rowColumnErrors.map((error) => [error.columnName, error.type]);

describe("sign-in takeover through the member import (the GraphQL rules, on the CSV)", () => {
  it("refuses a UNI-only Admin turning off a Perform Admin's MFA, and changes nothing", async () => {
    const { importRecruit, member, login } = await uniOnlyAdmin();
    const response = await importRecruit(
      `First Name,Last Name,Email,Use MFA\nSandbox,MFA Admin,${MFA_ADMIN},no\n`,
    );
    expect(response.status).toBe(400);
    expect(await conflictsOf(response)).toEqual([["Use MFA", "ROW_VALUE_CONFLICT"]]);
    expect((await member("m-sandbox-mfa"))?.useMfa).toBe(true);
    expect(await login(MFA_ADMIN)).toBeNull();
  });

  it("refuses granting ADMIN on a product the importing Admin does not administer, to anyone, self included", async () => {
    const { importRecruit, member } = await uniOnlyAdmin();
    const response = await importRecruit(
      "First Name,Last Name,Email,Role\nFelix,Wu,felix.wu@hartwell.example,ADMIN\nNew,Admin,new.admin@hartwell.example,ADMIN\n",
    );
    expect(await conflictsOf(response)).toEqual([
      ["Role", "ROW_VALUE_CONFLICT"],
      ["Role", "ROW_VALUE_CONFLICT"],
    ]);
    expect((await member("m-006"))?.products).toEqual([{ product: "UNI", role: "ADMIN" }]);
  });

  it("still lets the same import through for fields the spec gives every Admin", async () => {
    const { importRecruit } = await uniOnlyAdmin();
    const response = await importRecruit(
      "First Name,Last Name,Email,Role\nNew,Member,new.member@hartwell.example,MEMBER\n",
    );
    expect(response.status).toBe(200);
  });

  it("lets an Admin of every product the member holds change their sign-in settings", async () => {
    const { request, login, store } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const response = await request("/api/v2/members/import-csv?product=RECRUIT", {
      method: "POST",
      body: upload(`First Name,Last Name,Email,Use MFA\nSandbox,MFA Admin,${MFA_ADMIN},no\n`),
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const mfaAdmin = (await store.exportSnapshot(ORG))?.members.find(
      (m) => m.id === "m-sandbox-mfa",
    );
    expect(mfaAdmin?.useMfa).toBe(false);
  });
});
