import { Feature } from "../../src/domain/features";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { OrganizationInput, PipelineInput } from "../../src/organizations/inputs";
import { BASE, SECRET, sandboxSnapshot } from "./support";

/** The operator token of these tests: fake, long enough. */
export const OPERATOR_TOKEN = "operator-token-for-tests-only-0123456789";

/** A handler with the operator API over a fresh sandbox memory store, with a fixed clock. */
export function operatorSandbox() {
  const store = createMemoryStore(sandboxSnapshot());
  const clock = { now: new Date("2026-06-15T12:00:00Z") };
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => clock.now,
    operatorToken: OPERATOR_TOKEN,
  });
  /** A call with the operator token; `body` is sent as JSON unless it is a string or a stream. */
  const call = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const init: RequestInit = {
      method,
      headers: {
        authorization: `Bearer ${OPERATOR_TOKEN}`,
        ...(body === undefined || typeof body === "string"
          ? {}
          : { "content-type": "application/json" }),
        ...headers,
      },
    };
    if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
    return handler(new Request(`${BASE}${path}`, init));
  };
  return { store, clock, handler, call };
}

/** The pipeline of {@link ACME}. */
export const ACME_PIPELINE: PipelineInput = {
  id: "pl-main",
  name: "Main",
  steps: [
    { name: "Applied", bucket: "Active" },
    { name: "Interview", bucket: "Active" },
    { name: "Offer", bucket: "Offer" },
  ],
};

/** A new organization as `createOrganization` takes it. */
export const ACME = {
  id: "org-acme",
  shortName: "acme",
  name: "Acme LLP",
  features: [Feature.HR_FEED, Feature.JOB_BOARD],
  offices: [{ city: "Boston", state: "MA" }],
  departments: ["Litigation"],
  pipelines: [ACME_PIPELINE],
} satisfies OrganizationInput;

/** A job of {@link ACME}. */
export const ACME_JOB = {
  id: "job-1",
  title: "Associate",
  department: "Litigation",
  officeLocation: "Boston, MA",
  public: true,
};

/** An application to {@link ACME_JOB}, applied at `at`. */
export function acmeApplication(id: string, candidateId: string, at = "2026-06-01T09:00:00Z") {
  return {
    id,
    jobId: ACME_JOB.id,
    candidate: { id: candidateId, firstName: "Pat", lastName: `Lee ${candidateId}` },
    statusChanges: [{ id: `${id}-1`, statusName: "Applied", at }],
  };
}
