import { z } from "zod";

/** The events rpdi sends: thin, naming the application and the change's position. */
export const WEBHOOK_EVENT_TYPES = ["job_application.changed", "job_application.deleted"] as const;
/** One of {@link WEBHOOK_EVENT_TYPES}. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A signing secret of an endpoint (Standard Webhooks: `whsec_` and base64 of its key). */
export interface WebhookSecret {
  secret: string;
  /** When a rotated-out secret stops being used to sign; `null` for the current one. */
  expiresAt: Date | null;
}

/** A receiver registered by an organization. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  /** The current secret first; during a rotation, the previous one after it. */
  secrets: WebhookSecret[];
  /** A disabled endpoint gets no new events until it is replayed. */
  enabled: boolean;
  /** Why it was disabled (`null` while enabled). */
  disabledReason: string | null;
  createdAt: Date;
}

/** One event waiting for one endpoint. */
export interface WebhookEvent {
  /** The message id (`webhook-id`): the same on every attempt. */
  id: string;
  endpointId: string;
  type: WebhookEventType;
  applicationId: string;
  /** The change's position in the organization's change log. */
  position: number;
  /** When the change was committed. */
  occurredAt: Date;
}

/** Schema of the body rpdi posts to a receiver (Standard Webhooks' `type`, `timestamp`, `data`). */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.string(),
  data: z.object({
    /** The job application's id (`applicationId` of its feed record). */
    id: z.string(),
    /** The change's position, a decimal integer: later changes have greater positions. */
    position: z.string(),
  }),
});
/** The body of a webhook (see {@link webhookPayloadSchema}). */
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
