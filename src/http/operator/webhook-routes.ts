import { createRoute, z } from "@hono/zod-openapi";
import { jsonResponse } from "../route-parts";
import {
  COMMON,
  concurrentWrite,
  jsonBody,
  operator,
  orgId,
  orgParams,
  refusal,
  unknownOrganization,
  WITH_BODY,
} from "./routes";
import {
  endpointListBodySchema,
  endpointWithSecretBodySchema,
  replayBodySchema,
  webhookDeletedBodySchema,
} from "./webhook-bodies";

const endpointParams = z.object({
  orgId,
  endpointId: z.string().meta({ description: "The endpoint's id." }),
});
const base = "/operator/v1/organizations/{orgId}/webhooks";
const missing = refusal(
  "No such organization (ORGANIZATION_NOT_FOUND) or endpoint (WEBHOOK_NOT_FOUND).",
);

/** `POST /operator/v1/organizations/{orgId}/webhooks`: `registerWebhookEndpoint`. */
export const registerWebhookRoute = createRoute({
  ...operator,
  method: "post",
  path: base,
  summary:
    "Register a webhook receiver (Standard Webhooks 1.0): the organization's later changes are posted to it as thin events.",
  request: {
    params: orgParams,
    body: jsonBody(
      z.object({ url: z.string() }),
      "An https URL resolving to public addresses only (no loopback, private or link-local ones).",
    ),
  },
  responses: {
    201: jsonResponse(
      "Registered; the signing secret is shown this once.",
      endpointWithSecretBodySchema,
    ),
    ...WITH_BODY,
    404: unknownOrganization,
    409: concurrentWrite,
    ...COMMON,
  },
});

/** `GET …/webhooks`: `listWebhookEndpoints`. */
export const listWebhooksRoute = createRoute({
  ...operator,
  method: "get",
  path: base,
  summary: "The organization's webhook receivers, without their secrets.",
  request: { params: orgParams },
  responses: {
    200: jsonResponse("The endpoints, oldest first.", endpointListBodySchema),
    404: unknownOrganization,
    ...COMMON,
  },
});

/** `DELETE …/webhooks/{endpointId}`: `deleteWebhookEndpoint`. */
export const deleteWebhookRoute = createRoute({
  ...operator,
  method: "delete",
  path: `${base}/{endpointId}`,
  summary: "Delete a webhook receiver and the events waiting for it.",
  request: { params: endpointParams },
  responses: {
    200: jsonResponse("Deleted.", webhookDeletedBodySchema),
    404: missing,
    409: concurrentWrite,
    ...COMMON,
  },
});

/** `POST …/webhooks/{endpointId}/rotate-secret`: `rotateWebhookSecret`. */
export const rotateWebhookSecretRoute = createRoute({
  ...operator,
  method: "post",
  path: `${base}/{endpointId}/rotate-secret`,
  summary:
    "Give a receiver a new secret; the one before keeps signing beside it for `overlapHours` (24 by default), so each message carries both signatures meanwhile.",
  request: {
    params: endpointParams,
    body: jsonBody(
      z.object({ overlapHours: z.number().optional() }),
      "Optional: how long the previous secret still signs (0 to 720 hours).",
    ),
  },
  responses: {
    200: jsonResponse("The new secret, shown this once.", endpointWithSecretBodySchema),
    ...WITH_BODY,
    404: missing,
    409: concurrentWrite,
    ...COMMON,
  },
});

/** `POST …/webhooks/{endpointId}/replay`: `replayWebhookEvents`. */
export const replayWebhooksRoute = createRoute({
  ...operator,
  method: "post",
  path: `${base}/{endpointId}/replay`,
  summary:
    "Enable a receiver again (after 410 Gone or spent retries) and queue an event for every change from a position on.",
  request: {
    params: endpointParams,
    body: jsonBody(
      z.object({ fromPosition: z.number().int() }),
      "The first position to send again (an event's `data.position`; 1 for everything the log holds).",
    ),
  },
  responses: {
    200: jsonResponse("Enabled; how many events were queued.", replayBodySchema),
    ...WITH_BODY,
    404: missing,
    409: concurrentWrite,
    ...COMMON,
  },
});
