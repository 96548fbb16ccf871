import { z } from "zod";
import type { WebhookEndpoint } from "../domain/webhooks";

/** An endpoint as the services and the operator API show it: never its secrets. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  /** Why deliveries stopped (`410 Gone`, the retries ran out); `null` while enabled. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  /** While a rotated-out secret still signs too, until when (ISO-8601); otherwise `null`. */
  previousSecretExpiresAt: z.string().nullable(),
});
/** See {@link webhookEndpointSchema}. */
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

/** The view of a stored endpoint. */
export function endpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  const previous = endpoint.secrets[1];
  return {
    id: endpoint.id,
    url: endpoint.url,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    createdAt: endpoint.createdAt.toISOString(),
    previousSecretExpiresAt: previous?.expiresAt?.toISOString() ?? null,
  };
}
