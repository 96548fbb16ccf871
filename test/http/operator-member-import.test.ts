import { describe, expect, it } from "vitest";
import { createOperatorClient, RpdiValidationError } from "../../src/client/index";
import { ACME, OPERATOR_TOKEN, operatorSandbox } from "./operator-support";
import { BASE } from "./support";

const CSV =
  "First Name,Last Name,Email,Role\nAda,Admin,ada@acme.example,ADMIN\nBen,Member,ben@acme.example,MEMBER\n";

function client() {
  const sandbox = operatorSandbox();
  const operator = createOperatorClient({
    baseUrl: BASE,
    token: OPERATOR_TOKEN,
    allowInsecureHttp: true,
    fetch: async (input, init) => sandbox.handler(new Request(input, init)),
  });
  return { ...sandbox, operator };
}

describe("the operator's member import", () => {
  it("imports a new organization's first members as the spec's import does, each invited by a welcome email", async () => {
    const { operator, store } = client();
    await operator.createOrganization(ACME);
    const result = await operator.importMembers(ACME.id, "RECRUIT", CSV);
    expect(result).toMatchObject({ createdCount: 2, updatedCount: 0 });
    const snapshot = await store.exportSnapshot(ACME.id);
    expect(snapshot?.members.map((member) => [member.email, member.products])).toEqual([
      ["ada@acme.example", [{ product: "RECRUIT", role: "ADMIN" }]],
      ["ben@acme.example", [{ product: "RECRUIT", role: "MEMBER" }]],
    ]);
    expect(
      snapshot?.welcomeEmails.every(
        (email) => email.reason === "MEMBER_CREATED" && email.token !== null,
      ),
    ).toBe(true);
  });

  it("answers a bad file with the spec's validation result and writes nothing", async () => {
    const { operator, store } = client();
    await operator.createOrganization(ACME);
    const refused = await operator
      .importMembers(ACME.id, "RECRUIT", "First Name,Last Name,Email\nAda,Admin,not-an-address\n")
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpdiValidationError);
    expect((refused as RpdiValidationError).body).toMatchObject({ rowColumnErrors: [{ columnName: "Email" }] });
    expect((await store.exportSnapshot(ACME.id))?.members).toEqual([]);
  });

  it("reads no file without the token, and answers an unknown organization with 404 before reading it", async () => {
    const { handler } = client();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const anonymous = await handler(
      new Request(
        `${BASE}/operator/v1/organizations/${ACME.id}/members/import-csv?product=RECRUIT`,
        {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body,
          duplex: "half",
        } as RequestInit,
      ),
    );
    expect(anonymous.status).toBe(401);
    expect(pulled).toBeLessThanOrEqual(1);
    const unknown = await handler(
      new Request(`${BASE}/operator/v1/organizations/org-none/members/import-csv?product=RECRUIT`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${OPERATOR_TOKEN}`,
          "content-type": "multipart/form-data; boundary=x",
        },
        body: "--x--",
      }),
    );
    expect(unknown.status).toBe(404);
  });
});
