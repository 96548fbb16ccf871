import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  registerWebhookEndpoint,
  replayWebhookEvents,
  rotateWebhookSecret,
} from "../../changes/webhook-endpoints";
import type { WebhookUrlPolicy } from "../../changes/webhook-url";
import { invalidInput } from "../../domain/live-data-outcome";
import type { Store } from "../../store/port";
import type { HttpEnv } from "../env";
import { answer, bodyField, forOrganization } from "./answers";
import { readJsonBody } from "./read-body";
import {
  deleteWebhookRoute,
  listWebhooksRoute,
  registerWebhookRoute,
  replayWebhooksRoute,
  rotateWebhookSecretRoute,
} from "./webhook-routes";

/** The operator's webhook routes: receivers registered, listed, rotated, deleted and replayed. */
export function registerWebhookRoutes(
  app: OpenAPIHono<HttpEnv>,
  store: Store,
  middleware: MiddlewareHandler<HttpEnv>[],
  urlPolicy: WebhookUrlPolicy,
): void {
  app.openapi({ ...registerWebhookRoute, middleware }, async (c) => {
    const { orgId } = c.req.valid("param");
    const url = await bodyField(c, "url", false);
    if (!url.ok) return url.response;
    return forOrganization(orgId, async () =>
      answer(
        typeof url.value === "string"
          ? await registerWebhookEndpoint(store, {
              orgId,
              url: url.value,
              now: c.get("now"),
              urlPolicy,
            })
          : invalidInput([{ index: null, field: "url", message: "A URL: text." }]),
        201,
      ),
    );
  });

  app.openapi(listWebhooksRoute, async (c) => {
    const { orgId } = c.req.valid("param");
    return forOrganization(orgId, async () =>
      answer(await listWebhookEndpoints(store, { orgId }), 200),
    );
  });

  app.openapi(deleteWebhookRoute, async (c) => {
    const { orgId, endpointId } = c.req.valid("param");
    return forOrganization(orgId, async () =>
      answer(await deleteWebhookEndpoint(store, { orgId, endpointId }), 200),
    );
  });

  app.openapi({ ...rotateWebhookSecretRoute, middleware }, async (c) => {
    const { orgId, endpointId } = c.req.valid("param");
    const body = await optionalBody(c.req.raw);
    if (!body.ok) return body.response;
    const overlapHours = body.value.overlapHours;
    if (overlapHours !== undefined && typeof overlapHours !== "number")
      return answer(
        invalidInput([{ index: null, field: "overlapHours", message: "A number of hours." }]),
        200,
      );
    return forOrganization(orgId, async () =>
      answer(
        await rotateWebhookSecret(store, { orgId, endpointId, now: c.get("now"), overlapHours }),
        200,
      ),
    );
  });

  app.openapi({ ...replayWebhooksRoute, middleware }, async (c) => {
    const { orgId, endpointId } = c.req.valid("param");
    const from = await bodyField(c, "fromPosition", false);
    if (!from.ok) return from.response;
    const fromPosition = typeof from.value === "number" ? from.value : Number.NaN;
    return forOrganization(orgId, async () =>
      answer(await replayWebhookEvents(store, { orgId, endpointId, fromPosition }), 200),
    );
  });
}

/** A JSON object body that may be left out entirely (`{}` then). */
async function optionalBody(request: Request) {
  if (request.headers.get("content-length") === "0" || request.body === null)
    return { ok: true as const, value: {} as Record<string, unknown> };
  const read = await readJsonBody(request);
  if (!read.ok) return read;
  const value = read.value;
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? { ok: true as const, value: value as Record<string, unknown> }
    : { ok: true as const, value: { overlapHours: "not an object" } as Record<string, unknown> };
}
