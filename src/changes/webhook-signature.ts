import { Webhook } from "standardwebhooks";
import type { WebhookEndpoint, WebhookEvent, WebhookPayload } from "../domain/webhooks";
import { isWebhookSecret } from "./webhook-secret";

/** The headers of Standard Webhooks 1.0, as rpdi sends them and receivers read them. */
export const WEBHOOK_HEADER_NAMES = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/** What {@link webhookHeaders} signs. */
export interface WebhookSigningInput {
  /** The message id: the event's id, the same on every attempt so receivers can deduplicate. */
  id: string;
  /** When this attempt is made (sent as whole unix seconds). */
  timestamp: Date;
  /** The exact body sent: the signature covers these characters, not a re-serialization. */
  body: string;
  /** `whsec_` secrets, each giving one `v1,` signature (see {@link signingSecrets}). */
  secrets: readonly string[];
}

/**
 * The headers of one delivery attempt: `webhook-id`, `webhook-timestamp`, and `webhook-signature`
 * with one `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, space-separated, so a
 * receiver that holds either secret of a rotation accepts it. The signing is the maintained
 * `standardwebhooks` package's, the code receivers verify with. Throws a `TypeError` (naming the
 * secret's place, never the secret) when a secret is not a `whsec_` one or none is given.
 */
export function webhookHeaders(input: WebhookSigningInput): Record<string, string> {
  if (input.secrets.length === 0) throw new TypeError("a webhook is signed by at least one secret");
  const signatures = input.secrets.map((secret, index) => {
    if (!isWebhookSecret(secret))
      throw new TypeError(`webhook secret ${index + 1} is not a whsec_ secret`);
    return new Webhook(secret).sign(input.id, input.timestamp, input.body);
  });
  return {
    "content-type": "application/json",
    [WEBHOOK_HEADER_NAMES.id]: input.id,
    [WEBHOOK_HEADER_NAMES.timestamp]: String(Math.floor(input.timestamp.getTime() / 1000)),
    [WEBHOOK_HEADER_NAMES.signature]: signatures.join(" "),
  };
}

/**
 * The body posted for an event (Standard Webhooks' `type`, `timestamp`, `data`): thin, naming the
 * application and the change's position, so a receiver reads the current record through the feed
 * rather than trusting a copy that a later change may already have replaced.
 */
export function webhookBody(event: WebhookEvent): string {
  const payload: WebhookPayload = {
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: { id: event.applicationId, position: String(event.position) },
  };
  return JSON.stringify(payload);
}

/**
 * The secrets that sign at `now`: the current one and each rotated-out one that has not expired,
 * so receivers switch to the new secret at any moment of the rotation window.
 */
export function signingSecrets(endpoint: Pick<WebhookEndpoint, "secrets">, now: Date): string[] {
  return endpoint.secrets
    .filter(({ expiresAt }) => expiresAt === null || expiresAt.getTime() > now.getTime())
    .map(({ secret }) => secret);
}
