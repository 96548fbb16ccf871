import { z } from "zod";
import { webhookEndpointSchema } from "../../changes/webhook-endpoint-view";

/** `POST …/webhooks` and `…/rotate-secret`: the endpoint and its new secret, shown this once. */
export const endpointWithSecretBodySchema = z.object({
  endpoint: webhookEndpointSchema,
  /** `whsec_…`: the receiver verifies signatures with it. Shown once; rpdi never shows it again. */
  secret: z.string(),
});

/** `GET …/webhooks`. */
export const endpointListBodySchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** Its body. */
export type EndpointWithSecretBody = z.infer<typeof endpointWithSecretBodySchema>;

/** `POST …/replay`: the endpoint, enabled, and how many events were queued. */
export const replayBodySchema = z.object({
  endpoint: webhookEndpointSchema,
  events: z.number().int(),
});

/** Its body. */
export type EndpointListBody = z.infer<typeof endpointListBodySchema>;
/** Its body. */
export type ReplayBody = z.infer<typeof replayBodySchema>;

/** `DELETE …/webhooks/{endpointId}`. */
export const webhookDeletedBodySchema = z.object({ deleted: z.literal(true) });
