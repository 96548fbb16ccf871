import { afterAll, describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { ACME, ACME_JOB, acmeApplication, OPERATOR_TOKEN } from "../http/operator-support";
import { BASE, SECRET } from "../http/support";
import { dropStore, freshStore, pgliteClient } from "../postgres/stores";

const ROOT = "/operator/v1/organizations/org-acme";

/** The operator API over `store` with Acme and its job; any 500's error is kept. */
async function operatorOn(store: Store) {
  const errors: unknown[] = [];
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => new Date("2026-06-15T12:00:00Z"),
    operatorToken: OPERATOR_TOKEN,
    onError: (error) => errors.push(error),
    importWorkers: false,
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await handler(
      new Request(`${BASE}${path}`, {
        method,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: response.status, body: await response.json() };
  };
  expect((await call("POST", "/operator/v1/organizations", { organization: ACME })).status).toBe(
    201,
  );
  expect((await call("POST", `${ROOT}/jobs`, { jobs: [ACME_JOB] })).status).toBe(200);
  return { call, errors };
}

const made: Store[] = [];
const stores: [string, () => Promise<Store>][] = [
  ["memory", async () => createMemoryStore()],
  [
    "PGlite",
    async () => {
      const store = await freshStore(pgliteClient(), "rpdi_year_zero");
      made.push(store);
      return store;
    },
  ],
];

afterAll(async () => {
  for (const store of made) await dropStore(store);
});

describe.each(stores)("%s store: input no database keeps is a 4xx, never a 500", (_name, make) => {
  it("a date in the year 0000 (offer, education, a job's dates) names its field", async () => {
    const { call, errors } = await operatorOn(await make());
    const application = acmeApplication("a-1", "c-1");
    const offer = await call("POST", `${ROOT}/job-applications`, {
      applications: [{ ...application, offer: { startDate: "0000-01-15", salary: null } }],
    });
    const education = await call("POST", `${ROOT}/job-applications`, {
      applications: [
        {
          ...application,
          education: [{ university: "U", degree: null, startDate: null, endDate: "0000-12-31" }],
        },
      ],
    });
    const job = await call("POST", `${ROOT}/jobs`, {
      jobs: [{ ...ACME_JOB, id: "job-2", openDate: "0000-02-29" }],
    });
    expect(errors).toEqual([]);
    expect([offer.status, offer.body.error.problems]).toEqual([
      400,
      [{ index: 0, field: "offer.startDate", message: "expected a yyyy-MM-dd calendar date" }],
    ]);
    expect([education.status, education.body.error.problems]).toEqual([
      400,
      [{ index: 0, field: "education.0.endDate", message: "expected a yyyy-MM-dd calendar date" }],
    ]);
    expect([job.status, job.body.error.problems]).toEqual([
      400,
      [{ index: 0, field: "openDate", message: "expected a yyyy-MM-dd calendar date" }],
    ]);
  });

  it("a status change before the year 1 (0000, or 0001 moved back by its offset) names its time", async () => {
    const { call, errors } = await operatorOn(await make());
    const answer = await call("POST", `${ROOT}/job-applications`, {
      applications: [
        acmeApplication("a-1", "c-1", "0000-06-01T00:00:00Z"),
        acmeApplication("a-2", "c-2", "0001-01-01T00:30:00+01:00"),
        acmeApplication("a-3", "c-3", "0001-01-01T00:00:00Z"),
      ],
    });
    expect(errors).toEqual([]);
    expect([answer.status, answer.body.error.problems]).toEqual([
      400,
      [
        { index: 0, field: "statusChanges.0.at", message: "is before the year 1" },
        { index: 1, field: "statusChanges.0.at", message: "is before the year 1" },
      ],
    ]);
  });

  it("an organization id holding NUL in the path is an unknown organization (404)", async () => {
    const { call, errors } = await operatorOn(await make());
    const answers = [
      await call("PATCH", "/operator/v1/organizations/org-acme%00", { changes: {} }),
      await call("POST", "/operator/v1/organizations/org-acme%00/jobs", { jobs: [] }),
      await call("DELETE", "/operator/v1/organizations/%00/candidates/c-1"),
    ];
    expect(errors).toEqual([]);
    expect(answers.map((answer) => [answer.status, answer.body.error.code])).toEqual([
      [404, "ORGANIZATION_NOT_FOUND"],
      [404, "ORGANIZATION_NOT_FOUND"],
      [404, "ORGANIZATION_NOT_FOUND"],
    ]);
  });
});
