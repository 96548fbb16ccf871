import fc from "fast-check";
import { expect, it } from "vitest";
import { createLoginProtection } from "../../auth/login-protection";
import type { PasswordHasher } from "../../auth/password";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { createHttpHandler } from "../../http/handler";
import { createMemoryStore } from "../../memory/store";
import type { Store } from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { matterCsv } from "../matter-arbitraries";
import { SEED_CYCLE_ID, SEED_NOW, seedOrganization } from "../seed";
import { liveDataDifferential } from "./live-data-differential";

const BASE = "http://rpdi.conformance";
const PASSWORD = "conformance-password";
/** No cost: the suite compares answers, and scrypt would spend its time budget. */
const hasher: PasswordHasher = {
  hash: async (password) => `plain$${password}`,
  verify: async (password, encoded) => encoded === `plain$${password}`,
};

type Handler = (request: Request) => Promise<Response>;

/** The seed organization over HTTP: Ada (PERFORM and RECRUIT admin) can log in. */
async function serve(store: Store): Promise<{ handler: Handler; cookie: string }> {
  const snapshot = seedOrganization();
  for (const member of snapshot.members ?? [])
    if (member.id === "m-ada") member.credentials = { passwordHash: `plain$${PASSWORD}` };
  await store.loadSnapshot(organizationSnapshotSchema.parse(snapshot));
  let ids = 0;
  const handler = createHttpHandler({
    store,
    tokenSecret: "conformance-only-secret-of-32-bytes!!",
    now: () => SEED_NOW,
    secureCookie: false,
    passwordHasher: hasher,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
    // Never held back: both stores must see every attempt through to the store.
    loginProtection: createLoginProtection({
      freeFailures: 1e9,
      clientFailuresPerDay: 1e9,
    }),
  });
  const response = await handler(login("conformance", "ada@firm.example", PASSWORD));
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (cookie === undefined) throw new Error("the seed's admin could not log in");
  return { handler, cookie };
}

function login(org: string, email: string, password: string): Request {
  return new Request(`${BASE}/app/${encodeURIComponent(org)}/admin/auth/`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
  });
}

/** Random, so no compression brings it under a btree row's 2,704 bytes. */
const longText = fc.string({ minLength: 4_000, maxLength: 6_000 });

/** Text a store may find hard: NUL anywhere, lone surrogates, and keys longer than any index. */
const awkwardText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}\u0000${after}`),
  longText,
  fc.constantFrom(
    "ada@firm.example",
    "ben@firm.example",
    "m-ben",
    "conformance",
    "ben@firm.example\u0000",
  ),
);

/** A request, built fresh for each store (a body is read once). */
type Call = { name: string; make: (cookie: string) => Request };

const graphql = (cookie: string, query: string, variables: Record<string, unknown>) =>
  new Request(`${BASE}/api/v2/graphql`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });

const callArbitrary: fc.Arbitrary<Call> = fc.oneof(
  fc.tuple(awkwardText, awkwardText, awkwardText).map(([org, email, password]) => ({
    name: `login ${JSON.stringify([org.slice(0, 40), email.slice(0, 40), password.slice(0, 40)])}`,
    make: () => login(org, email, password),
  })),
  fc.array(awkwardText, { maxLength: 4 }).map((emails) => ({
    name: `bulk remove ${JSON.stringify(emails.map((email) => email.slice(0, 40)))}`,
    make: (cookie: string) =>
      new Request(`${BASE}/api/v2/members/bulk-remove`, {
        method: "DELETE",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ product: "PERFORM", emails }),
      }),
  })),
  awkwardText.map((id) => ({
    name: `memberById ${JSON.stringify(id.slice(0, 40))}`,
    make: (cookie: string) =>
      graphql(cookie, "query($id: ID!) { memberById(id: $id) { id email firstName } }", { id }),
  })),
  fc
    .tuple(
      awkwardText,
      fc.constantFrom("firstName", "email", "jobTitle", "department"),
      awkwardText,
    )
    .map(([id, field, value]) => ({
      name: `edit ${JSON.stringify([id.slice(0, 40), field, value.slice(0, 40)])}`,
      make: (cookie: string) =>
        graphql(
          cookie,
          "mutation($id: ID!, $input: EmployerMemberInfoInput!) { editEmployerMemberInfo(id: $id, input: $input) { id email firstName jobTitle department } }",
          { id, input: { [field]: value } },
        ),
    })),
  fc
    .tuple(fc.oneof(longText, awkwardText), fc.constantFrom("Acme", "Globex"))
    .map(([matterId, clientName]) => ({
      name: `matter upsert ${JSON.stringify([matterId.slice(0, 40), matterId.length, clientName])}`,
      make: (cookie: string) => {
        const form = new FormData();
        const csv = matterCsv([
          {
            matterId,
            matterName: "Long",
            attorneyEmail: "ben@firm.example",
            billingAttorneyEmail: "ada@firm.example",
            startDate: "",
            endDate: "",
            hoursBilled: "1",
            clientName,
            description: "",
          },
        ]);
        form.set("file", new Blob([csv], { type: "text/csv" }), "matters.csv");
        return new Request(`${BASE}/api/v2/matters-csv/upsert?reviewCycleId=${SEED_CYCLE_ID}`, {
          method: "POST",
          headers: { cookie },
          body: form,
        });
      },
    })),
);

/** What two stores must agree on: the status, whether a session began, and the body. */
async function answer(handler: Handler, request: Request) {
  const response = await handler(request);
  return {
    status: response.status,
    session: response.headers.get("set-cookie")?.startsWith("SERVICEAUTH=") ?? false,
    body: await response.text(),
  };
}

/**
 * The differential suite: arbitrary requests (awkward text in every field a store looks up or
 * writes) get the same answer from the adapter as from the memory store, request by request.
 */
export function differentialSuite(h: ConformanceHarness): void {
  it("any sequence of logins, bulk removes, GraphQL reads and edits and matter upserts with arbitrary text (NUL, lone surrogates, thousands of characters) answers the same status and body as the memory store", async () => {
    const reference = await serve(createMemoryStore());
    const candidate = await serve(await h.fresh());
    await fc.assert(
      fc.asyncProperty(callArbitrary, async (call) => {
        const expected = await answer(reference.handler, call.make(reference.cookie));
        const actual = await answer(candidate.handler, call.make(candidate.cookie));
        expect({ call: call.name, ...actual }).toEqual({ call: call.name, ...expected });
      }),
      // Shrinking strings of thousands of characters outlasts any test timeout.
      { numRuns: h.numRuns * 4, endOnFailure: true },
    );
  });

  liveDataDifferential(h);
}
