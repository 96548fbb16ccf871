import { describe, expect, it } from "vitest";
import {
  createOperatorClient,
  NDJSON_FROM_APPLICATIONS,
  RpdiAuthenticationError,
  RpdiConflictError,
  RpdiContractError,
  RpdiNotFoundError,
  RpdiServerError,
  RpdiValidationError,
} from "../../src/client/index";
import {
  ACME,
  ACME_JOB,
  acmeApplication,
  OPERATOR_TOKEN,
  operatorSandbox,
} from "../http/operator-support";

const ORIGIN = "http://127.0.0.1:8080";

/** An operator client of a sandbox handler, recording what it sent. */
function operatorClient(token = OPERATOR_TOKEN) {
  const { handler } = operatorSandbox();
  const sent: {
    method: string;
    path: string;
    type: string | null;
    authorization: string | null;
  }[] = [];
  const client = createOperatorClient({
    baseUrl: ORIGIN,
    token,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        type: request.headers.get("content-type"),
        authorization: request.headers.get("authorization"),
      });
      return handler(request);
    },
  });
  return { client, sent };
}

/** A client whose service always answers `response`. */
function answeredWith(response: () => Response) {
  return createOperatorClient({
    baseUrl: ORIGIN,
    token: OPERATOR_TOKEN,
    fetch: async () => response(),
  });
}

describe("rpdi/client createOperatorClient", () => {
  it("calls each operator route with the token and reads its answer", async () => {
    const { client, sent } = operatorClient();
    const { organization } = await client.createOrganization(ACME);
    expect(organization.shortName).toBe("acme");
    expect(await client.updateOrganization("org-acme", { name: "Acme Partners" })).toMatchObject({
      changed: ["name"],
      sessionsEnded: false,
    });
    expect(
      await client.upsertOffices("org-acme", [{ city: "London", country: "United Kingdom" }]),
    ).toMatchObject({ added: 1, retired: 0 });
    expect(await client.upsertJobs("org-acme", [ACME_JOB])).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await client.upsertPipelines("org-acme", ACME.pipelines)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    const reviewCycle = { id: "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f", name: "2026" };
    expect(await client.createReviewCycle("org-acme", reviewCycle)).toEqual({ reviewCycle });
    expect(
      await client.recordJobApplications("org-acme", [
        acmeApplication("a-1", "c-1"),
        acmeApplication("a-2", "c-2"),
      ]),
    ).toEqual({ created: 2, updated: 0, unchanged: 0, statusChangesAdded: 2 });
    expect(await client.eraseJobApplication("org-acme", "a-2")).toEqual({
      erased: { candidates: 1, applications: 1 },
    });
    expect(await client.eraseCandidate("org-acme", "c-1")).toEqual({
      erased: { candidates: 1, applications: 1 },
    });
    expect(sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /operator/v1/organizations",
      "PATCH /operator/v1/organizations/org-acme",
      "POST /operator/v1/organizations/org-acme/offices",
      "POST /operator/v1/organizations/org-acme/jobs",
      "POST /operator/v1/organizations/org-acme/pipelines",
      "POST /operator/v1/organizations/org-acme/review-cycles",
      "POST /operator/v1/organizations/org-acme/job-applications",
      "DELETE /operator/v1/organizations/org-acme/job-applications/a-2",
      "DELETE /operator/v1/organizations/org-acme/candidates/c-1",
    ]);
    expect(new Set(sent.map((call) => call.authorization))).toEqual(
      new Set([`Bearer ${OPERATOR_TOKEN}`]),
    );
  });

  it("sends a large batch as NDJSON, and a problem's index is still the application's place", async () => {
    const { client, sent } = operatorClient();
    await client.createOrganization(ACME);
    await client.upsertJobs("org-acme", [ACME_JOB]);
    const applications = Array.from({ length: NDJSON_FROM_APPLICATIONS }, (_, n) =>
      acmeApplication(`a-${n}`, `c-${n}`),
    );
    expect(await client.recordJobApplications("org-acme", applications)).toMatchObject({
      created: NDJSON_FROM_APPLICATIONS,
    });
    expect(sent.at(-1)?.type).toBe("application/x-ndjson");
    const bad = [
      acmeApplication("b-0", "d-0"),
      { ...acmeApplication("b-1", "d-1"), jobId: "nope" },
    ];
    const refused = await client
      .recordJobApplications("org-acme", bad, { format: "ndjson" })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpdiValidationError);
    expect((refused as RpdiValidationError).body).toEqual({
      error: {
        code: "INVALID_INPUT",
        message: "The input has 1 problem.",
        problems: [{ index: 1, field: "jobId", message: "is no job of the organization" }],
      },
    });
    expect((refused as Error).message).toBe(
      "POST /operator/v1/organizations/org-acme/job-applications answered 400: INVALID_INPUT: The input has 1 problem.",
    );
  });

  it("throws the typed error of each refusal", async () => {
    const { client } = operatorClient();
    await client.createOrganization(ACME);
    await expect(client.createOrganization(ACME)).rejects.toBeInstanceOf(RpdiConflictError);
    await expect(client.upsertJobs("org-nope", [ACME_JOB])).rejects.toBeInstanceOf(
      RpdiNotFoundError,
    );
    await expect(client.eraseCandidate("org-acme", "nobody")).rejects.toBeInstanceOf(
      RpdiNotFoundError,
    );
    await expect(client.upsertJobs("org-acme", [{ id: "", title: "" }])).rejects.toBeInstanceOf(
      RpdiValidationError,
    );
    const wrong = operatorClient("not-the-operator-token-at-all").client;
    const refused = await wrong.upsertJobs("org-acme", [ACME_JOB]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RpdiAuthenticationError);
    expect((refused as Error).message).not.toContain("not-the-operator-token-at-all");
  });

  it("throws RpdiServerError for 501 NOT_SUPPORTED, and RpdiContractError for a body outside the schemas", async () => {
    const notSupported = answeredWith(() =>
      Response.json(
        { error: { code: "NOT_SUPPORTED", message: "No live data.", problems: [] } },
        { status: 501 },
      ),
    );
    await expect(notSupported.eraseCandidate("o", "c")).rejects.toBeInstanceOf(RpdiServerError);
    const odd = answeredWith(() => Response.json({ erased: { candidates: "one" } }));
    await expect(odd.eraseCandidate("o", "c")).rejects.toBeInstanceOf(RpdiContractError);
  });

  it("never repeats the token, even when the service echoes it", async () => {
    const echo = answeredWith(() =>
      Response.json(
        {
          error: {
            code: "INVALID_INPUT",
            message: `Bearer ${OPERATOR_TOKEN} was sent`,
            problems: [],
          },
        },
        { status: 400 },
      ),
    );
    const refused = (await echo.upsertJobs("o", []).catch((error: unknown) => error)) as
      | RpdiValidationError
      | undefined;
    expect(JSON.stringify(refused?.body)).not.toContain(OPERATOR_TOKEN);
    expect(refused?.message).not.toContain(OPERATOR_TOKEN);
  });

  it("refuses plain http to another host and an empty token", () => {
    expect(() =>
      createOperatorClient({ baseUrl: "http://rpdi.example", token: OPERATOR_TOKEN }),
    ).toThrow(TypeError);
    expect(() => createOperatorClient({ baseUrl: ORIGIN, token: " " })).toThrow(TypeError);
  });
});
