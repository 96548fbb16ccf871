import { describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import {
  createdOrganizationBodySchema,
  erasureBodySchema,
  officesUpdateBodySchema,
  operatorErrorBodySchema,
  profileUpdateBodySchema,
  recordedApplicationsBodySchema,
} from "../../src/http/operator/bodies";
import { createMemoryStore } from "../../src/memory/store";
import type { Store, StoreTx } from "../../src/store/port";
import {
  ACME,
  ACME_JOB,
  ACME_PIPELINE,
  acmeApplication,
  OPERATOR_TOKEN,
  operatorSandbox,
} from "./operator-support";
import { BASE, SECRET, sandboxSnapshot } from "./support";

const ORG = "/operator/v1/organizations";
const ACME_ROOT = `${ORG}/org-acme`;

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

const refusal = (
  status: number,
  code: string,
  message: string,
  problems: { index: number | null; field: string; message: string }[] = [],
) => ({ status, body: { error: { code, message, problems } } });

/** The sandbox with Acme created, its job and pipeline in place. */
async function withAcme() {
  const sandbox = operatorSandbox();
  expect((await sandbox.call("POST", ORG, { organization: ACME })).status).toBe(201);
  expect((await sandbox.call("POST", `${ACME_ROOT}/jobs`, { jobs: [ACME_JOB] })).status).toBe(200);
  return sandbox;
}

describe("POST /operator/v1/organizations", () => {
  it("creates the organization (201, its profile with defaults), then refuses it again (409 ORGANIZATION_EXISTS)", async () => {
    const { call } = operatorSandbox();
    const created = await answer(await call("POST", ORG, { organization: ACME }));
    expect(created.status).toBe(201);
    expect(createdOrganizationBodySchema.parse(created.body)).toEqual(created.body);
    expect(created.body.organization).toMatchObject({
      id: "org-acme",
      shortName: "acme",
      name: "Acme LLP",
      offices: [{ city: "Boston", state: "MA", country: null }],
      mfaRequired: false,
      memberLevels: [],
    });
    expect(await answer(await call("POST", ORG, { organization: ACME }))).toEqual(
      refusal(409, "ORGANIZATION_EXISTS", "An organization with this id or short name exists."),
    );
  });

  it("names every bad field (400 INVALID_INPUT) and writes nothing", async () => {
    const { call, store } = operatorSandbox();
    const refused = await answer(
      await call("POST", ORG, { organization: { ...ACME, shortName: "no spaces", name: "" } }),
    );
    expect(refused.status).toBe(400);
    expect(operatorErrorBodySchema.parse(refused.body)).toEqual(refused.body);
    expect(refused.body.error.code).toBe("INVALID_INPUT");
    expect(refused.body.error.problems.map((problem: { field: string }) => problem.field)).toEqual([
      "organization.shortName",
      "organization.name",
    ]);
    expect(await store.findOrganizationId("acme")).toBeNull();
  });

  it("answers a body that is not JSON, or not JSON's media type, or with a misspelt field, without calling the service", async () => {
    const { call } = operatorSandbox();
    expect(
      await answer(await call("POST", ORG, "{ not json", { "content-type": "application/json" })),
    ).toEqual(
      refusal(400, "INVALID_INPUT", "The request body is not JSON.", [
        { index: null, field: "", message: "is not JSON" },
      ]),
    );
    expect(await answer(await call("POST", ORG, "organization=acme"))).toEqual(
      refusal(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as Content-Type: application/json."),
    );
    expect(await answer(await call("POST", ORG, { organisation: ACME }))).toEqual(
      refusal(400, "INVALID_INPUT", "The input has 2 problems.", [
        { index: null, field: "organisation", message: "is no field of this body" },
        { index: null, field: "organization", message: "is required" },
      ]),
    );
    expect(await answer(await call("POST", ORG, [ACME]))).toEqual(
      refusal(400, "INVALID_INPUT", "The input has 1 problem.", [
        { index: null, field: "", message: 'expected an object with "organization"' },
      ]),
    );
  });

  it("answers 413 BODY_TOO_LARGE past 32 MiB, in the operator's error shape", async () => {
    const { call } = operatorSandbox();
    const response = await call("POST", ORG, "x".repeat(32 * 1024 * 1024 + 1), {
      "content-type": "application/json",
    });
    expect(await answer(response)).toEqual(
      refusal(
        413,
        "BODY_TOO_LARGE",
        "The request body is too large: at most 33554432 bytes. Send the records in smaller batches.",
      ),
    );
  });
});

describe("PATCH /operator/v1/organizations/{orgId}", () => {
  it("changes the fields given and says which (200)", async () => {
    const { call } = await withAcme();
    const changed = await answer(
      await call("PATCH", ACME_ROOT, { changes: { name: "Acme Partners LLP", mfaRequired: true } }),
    );
    expect(changed.status).toBe(200);
    expect(profileUpdateBodySchema.parse(changed.body)).toEqual(changed.body);
    expect(changed.body).toMatchObject({
      organization: { id: "org-acme", name: "Acme Partners LLP", mfaRequired: true },
      changed: ["name", "mfaRequired"],
      sessionsEnded: true,
    });
  });

  it("refuses another organization's short name (409 SHORT_NAME_TAKEN) and an unknown organization (404)", async () => {
    const { call } = await withAcme();
    expect(
      await answer(await call("PATCH", ACME_ROOT, { changes: { shortName: "sandbox" } })),
    ).toEqual(
      refusal(409, "SHORT_NAME_TAKEN", "Another organization has this short name.", [
        { index: null, field: "changes.shortName", message: "is taken" },
      ]),
    );
    expect(
      await answer(await call("PATCH", `${ORG}/org-nope`, { changes: { name: "X" } })),
    ).toEqual(refusal(404, "ORGANIZATION_NOT_FOUND", "No organization with id org-nope."));
  });
});

describe("the batch routes of an organization", () => {
  it("POST …/offices adds and retires offices (200)", async () => {
    const { call } = await withAcme();
    const updated = await answer(
      await call("POST", `${ACME_ROOT}/offices`, {
        offices: [
          { city: "Boston", state: "MA", retired: true },
          { city: "London", country: "United Kingdom" },
        ],
      }),
    );
    expect(updated).toEqual({
      status: 200,
      body: {
        added: 1,
        retired: 1,
        offices: [{ city: "London", state: null, country: "United Kingdom" }],
      },
    });
    expect(officesUpdateBodySchema.parse(updated.body)).toEqual(updated.body);
  });

  it("POST …/jobs creates, then finds unchanged; a bad job names its index", async () => {
    const { call } = await withAcme();
    expect(await answer(await call("POST", `${ACME_ROOT}/jobs`, { jobs: [ACME_JOB] }))).toEqual({
      status: 200,
      body: { created: 0, updated: 0, unchanged: 1 },
    });
    expect(
      await answer(
        await call("POST", `${ACME_ROOT}/jobs`, {
          jobs: [
            { ...ACME_JOB, id: "job-2", title: "Partner" },
            { id: "job-3", title: "" },
          ],
        }),
      ),
    ).toEqual(
      refusal(400, "INVALID_INPUT", "The input has 1 problem.", [
        { index: 1, field: "title", message: "must not be empty" },
      ]),
    );
    expect(await answer(await call("POST", `${ACME_ROOT}/jobs`, { jobs: {} }))).toEqual(
      refusal(400, "INVALID_INPUT", "The input has 1 problem.", [
        { index: null, field: "jobs", message: "expected an array" },
      ]),
    );
  });

  it("POST …/pipelines creates and updates pipelines by id (200)", async () => {
    const { call } = await withAcme();
    expect(
      await answer(
        await call("POST", `${ACME_ROOT}/pipelines`, {
          pipelines: [
            { ...ACME_PIPELINE, name: "Main hiring" },
            { id: "pl-2", name: "Summer", steps: [{ name: "Applied", bucket: "Active" }] },
          ],
        }),
      ),
    ).toEqual({ status: 200, body: { created: 1, updated: 1, unchanged: 0 } });
  });

  it("POST …/review-cycles opens a cycle (201), then refuses its id again (409 REVIEW_CYCLE_EXISTS)", async () => {
    const { call } = await withAcme();
    const reviewCycle = { id: "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f", name: "2026 review" };
    expect(await answer(await call("POST", `${ACME_ROOT}/review-cycles`, { reviewCycle }))).toEqual(
      {
        status: 201,
        body: { reviewCycle },
      },
    );
    expect(await answer(await call("POST", `${ACME_ROOT}/review-cycles`, { reviewCycle }))).toEqual(
      refusal(409, "REVIEW_CYCLE_EXISTS", "The organization has a review cycle with this id.", [
        { index: null, field: "reviewCycle.id", message: "is taken" },
      ]),
    );
  });

  it("answers 404 ORGANIZATION_NOT_FOUND for an unknown organization", async () => {
    const { call } = operatorSandbox();
    for (const [path, body] of [
      ["offices", { offices: [{ city: "Paris", country: "France" }] }],
      ["jobs", { jobs: [ACME_JOB] }],
      ["pipelines", { pipelines: ACME.pipelines }],
      [
        "review-cycles",
        { reviewCycle: { id: "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f", name: "RC" } },
      ],
      ["job-applications", { applications: [acmeApplication("a-1", "c-1")] }],
    ] as const)
      expect([path, await answer(await call("POST", `${ORG}/org-nope/${path}`, body))]).toEqual([
        path,
        refusal(404, "ORGANIZATION_NOT_FOUND", "No organization with id org-nope."),
      ]);
  });
});

describe("POST …/job-applications", () => {
  it("records a JSON batch (200), and the same batch again changes nothing", async () => {
    const { call } = await withAcme();
    const applications = [acmeApplication("a-1", "c-1"), acmeApplication("a-2", "c-2")];
    const first = await answer(
      await call("POST", `${ACME_ROOT}/job-applications`, { applications }),
    );
    expect(first).toEqual({
      status: 200,
      body: { created: 2, updated: 0, unchanged: 0, statusChangesAdded: 2 },
    });
    expect(recordedApplicationsBodySchema.parse(first.body)).toEqual(first.body);
    expect(
      await answer(await call("POST", `${ACME_ROOT}/job-applications`, { applications })),
    ).toEqual({
      status: 200,
      body: { created: 0, updated: 0, unchanged: 2, statusChangesAdded: 0 },
    });
  });

  it("records NDJSON, one application a line, blank lines skipped", async () => {
    const { call } = await withAcme();
    const ndjson = `${JSON.stringify(acmeApplication("a-1", "c-1"))}\n\n${JSON.stringify(acmeApplication("a-2", "c-2"))}\n`;
    expect(
      await answer(
        await call("POST", `${ACME_ROOT}/job-applications`, ndjson, {
          "content-type": "application/x-ndjson",
        }),
      ),
    ).toEqual({
      status: 200,
      body: { created: 2, updated: 0, unchanged: 0, statusChangesAdded: 2 },
    });
  });

  it("names a line that is not JSON by its index (line − 1) and writes nothing", async () => {
    const { call, store } = await withAcme();
    const ndjson = `${JSON.stringify(acmeApplication("a-1", "c-1"))}\n{"id": "a-2",\n`;
    const refused = await answer(
      await call("POST", `${ACME_ROOT}/job-applications`, ndjson, {
        "content-type": "application/x-ndjson",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("INVALID_INPUT");
    expect(refused.body.error.message).toBe("1 line is not JSON; nothing was written.");
    expect(refused.body.error.problems).toEqual([
      { index: 1, field: "", message: expect.stringMatching(/^is not JSON/) },
    ]);
    const snapshot = await store.exportSnapshot("org-acme");
    expect(snapshot?.applications ?? []).toEqual([]);
  });

  it("gives the service's problems of NDJSON the index of their line, blank lines counted", async () => {
    const { call } = await withAcme();
    const bad = { ...acmeApplication("a-2", "c-2"), jobId: "no-such-job" };
    const ndjson = `${JSON.stringify(acmeApplication("a-1", "c-1"))}\n\n${JSON.stringify(bad)}\n`;
    expect(
      await answer(
        await call("POST", `${ACME_ROOT}/job-applications`, ndjson, {
          "content-type": "application/x-ndjson",
        }),
      ),
    ).toEqual(
      refusal(400, "INVALID_INPUT", "The input has 1 problem.", [
        { index: 2, field: "jobId", message: "is no job of the organization" },
      ]),
    );
  });

  it("judges status times by the server's clock", async () => {
    const { call, clock } = await withAcme();
    const future = acmeApplication("a-1", "c-1", "2026-06-15T12:30:00Z");
    const early = await call("POST", `${ACME_ROOT}/job-applications`, { applications: [future] });
    expect(early.status).toBe(400);
    clock.now = new Date("2026-06-15T12:30:00Z");
    const later = await call("POST", `${ACME_ROOT}/job-applications`, { applications: [future] });
    expect(later.status).toBe(200);
  });

  it("refuses over 10,000 applications (400 TOO_MANY_RECORDS) and another media type (415)", async () => {
    const { call } = await withAcme();
    const line = JSON.stringify(acmeApplication("a-1", "c-1"));
    const lines = Array.from({ length: 10_001 }, () => line).join("\n");
    expect(
      await answer(
        await call("POST", `${ACME_ROOT}/job-applications`, lines, {
          "content-type": "application/x-ndjson",
        }),
      ),
    ).toEqual(
      refusal(400, "TOO_MANY_RECORDS", "At most 10000 applications per call; this one has 10001."),
    );
    const csv = await answer(
      await call("POST", `${ACME_ROOT}/job-applications`, "id,jobId\n", {
        "content-type": "text/csv",
      }),
    );
    expect([csv.status, csv.body.error.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
  });
});

describe("the erasure routes", () => {
  it("DELETE …/candidates/{id} erases a candidate and their applications (200), then 404 CANDIDATE_NOT_FOUND", async () => {
    const { call } = await withAcme();
    await call("POST", `${ACME_ROOT}/job-applications`, {
      applications: [acmeApplication("a-1", "c-1"), acmeApplication("a-2", "c-2")],
    });
    const erased = await answer(await call("DELETE", `${ACME_ROOT}/candidates/c-1`));
    expect(erased).toEqual({ status: 200, body: { erased: { candidates: 1, applications: 1 } } });
    expect(erasureBodySchema.parse(erased.body)).toEqual(erased.body);
    expect(await answer(await call("DELETE", `${ACME_ROOT}/candidates/c-1`))).toEqual(
      refusal(404, "CANDIDATE_NOT_FOUND", "The organization has no such candidate."),
    );
  });

  it("DELETE …/job-applications/{id} erases one application and its then lone candidate, then 404 APPLICATION_NOT_FOUND", async () => {
    const { call } = await withAcme();
    await call("POST", `${ACME_ROOT}/job-applications`, {
      applications: [acmeApplication("a-1", "c-1")],
    });
    expect(await answer(await call("DELETE", `${ACME_ROOT}/job-applications/a-1`))).toEqual({
      status: 200,
      body: { erased: { candidates: 1, applications: 1 } },
    });
    expect(await answer(await call("DELETE", `${ACME_ROOT}/job-applications/a-1`))).toEqual(
      refusal(404, "APPLICATION_NOT_FOUND", "The organization has no such application."),
    );
    expect(await answer(await call("DELETE", `${ORG}/org-nope/job-applications/a-1`))).toEqual(
      refusal(404, "ORGANIZATION_NOT_FOUND", "No organization with id org-nope."),
    );
  });
});

describe("a store without the live-data operations", () => {
  it("answers 501 NOT_SUPPORTED", async () => {
    const memory = createMemoryStore(sandboxSnapshot());
    const bare: Store = {
      transaction: (orgId, work, options) =>
        memory.transaction(
          orgId,
          (tx) => work({ loadOrganization: () => tx.loadOrganization() } as unknown as StoreTx),
          options,
        ),
      loadSnapshot: (snapshot) => memory.loadSnapshot(snapshot),
      exportSnapshot: (orgId) => memory.exportSnapshot(orgId),
      findOrganizationId: (shortName) => memory.findOrganizationId(shortName),
    };
    const handler = createHttpHandler({
      store: bare,
      tokenSecret: SECRET,
      operatorToken: OPERATOR_TOKEN,
    });
    const call = (method: string, path: string, body?: unknown) =>
      handler(
        new Request(`${BASE}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${OPERATOR_TOKEN}`,
            "content-type": "application/json",
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    expect(await answer(await call("POST", ORG, { organization: ACME }))).toEqual(
      refusal(501, "NOT_SUPPORTED", "This store cannot create organizations."),
    );
    expect(await answer(await call("DELETE", `${ORG}/org-sandbox/candidates/x`))).toEqual(
      refusal(501, "NOT_SUPPORTED", "This store keeps no live data: load a snapshot instead."),
    );
  });
});
