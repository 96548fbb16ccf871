import { describe, expect, it } from "vitest";
import { MEMBER, sandbox, sandboxSnapshot, upload } from "../http/support";

const ORG = sandboxSnapshot().organization.id as string;

/** The sandbox with ben.marsh as an Admin on RECRUIT only. */
async function recruitOnlyAdmin() {
  const snapshot = sandboxSnapshot();
  const ben = snapshot.members?.find((member) => member.email === MEMBER);
  if (ben === undefined) throw new Error("the sandbox has no ben.marsh");
  ben.products = [{ product: "RECRUIT", role: "ADMIN" }];
  const context = sandbox({ snapshot });
  const cookie = (await context.login(MEMBER)) as string;
  const importRecruit = (csv: string) =>
    context.request("/api/v2/members/import-csv?product=RECRUIT", {
      method: "POST",
      body: upload(csv),
      headers: { cookie },
    });
  const emailOf = async (id: string) =>
    (await context.store.exportSnapshot(ORG))?.members.find((member) => member.id === id)?.email;
  return { importRecruit, emailOf };
}

describe("account takeover through the member import's New Email", () => {
  it("refuses a RECRUIT-only Admin moving a Perform Admin's address, and changes nothing", async () => {
    const { importRecruit, emailOf } = await recruitOnlyAdmin();
    const response = await importRecruit(
      "First Name,Last Name,Email,New Email\nOwned,Admin,ada.okoye@hartwell.example,attacker@evil.example\n",
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      rowColumnErrors: { columnName: string; type: string; message: string }[];
    };
    expect(body.rowColumnErrors).toEqual([
      expect.objectContaining({ columnName: "New Email", type: "ROW_VALUE_CONFLICT" }),
    ]);
    expect(body.rowColumnErrors[0]?.message).toContain("ADMIN role on every product");
    expect(await emailOf("m-001")).toBe("ada.okoye@hartwell.example");
  });

  it("still moves a member whose every product the importing Admin administers", async () => {
    const { importRecruit, emailOf } = await recruitOnlyAdmin();
    const response = await importRecruit(
      "First Name,Last Name,Email,New Email\nDev,Raman,dev.raman@hartwell.example,dev.r@hartwell.example\n",
    );
    expect(response.status).toBe(200);
    expect(await emailOf("m-004")).toBe("dev.r@hartwell.example");
  });
});
