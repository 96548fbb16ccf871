import type { Context } from "hono";
import type { LiveDataOutcome } from "../../domain/live-data-outcome";
import { OrganizationNotFoundError, StoreConflictError } from "../../store/errors";
import type { HttpEnv } from "../env";
import { json } from "../responses";
import { operatorError } from "./errors";
import { fieldOfBody, readJsonBody } from "./read-body";

/** The service's answer at `status` without `ok`, or its refusal with the code's status. */
export function answer<T extends object>(outcome: LiveDataOutcome<T>, status: 200 | 201): Response {
  if (!outcome.ok)
    return operatorError(outcome.error.code, outcome.error.message, outcome.error.problems);
  const { ok: _ok, ...body } = outcome;
  return json(status, body);
}

/**
 * Runs a service for an organization: an unknown organization is 404, a write that met a
 * concurrent one 409, both in the operator's error shape; anything else is the app's 500.
 */
export async function forOrganization(
  orgId: string | null,
  run: () => Promise<Response>,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OrganizationNotFoundError && orgId !== null)
      return operatorError("ORGANIZATION_NOT_FOUND", `No organization with id ${orgId}.`);
    if (error instanceof StoreConflictError)
      return operatorError(
        "CONFLICT",
        "Another change to the same organization was being written at the same time; nothing was written. Retry.",
      );
    throw error;
  }
}

/** The one field of a JSON body (`{ jobs: [...] }`), or the refusal. */
export async function bodyField(c: Context<HttpEnv>, field: string, array: boolean) {
  const body = await readJsonBody(c.req.raw);
  return body.ok ? fieldOfBody(body.value, field, array) : body;
}
