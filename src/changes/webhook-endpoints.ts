import { z } from "zod";
import { invalidInput, type LiveDataOutcome, refusedWrite } from "../domain/live-data-outcome";
import type { WebhookEndpoint } from "../domain/webhooks";
import { runLiveData } from "../organizations/live-data-work";
import { type ChangeLogTx, supportsChangeLog } from "../store/change-log";
import type { Store } from "../store/port";
import { newWebhookSecret } from "./webhook-secret";
import { checkWebhookUrl, type WebhookUrlPolicy } from "./webhook-url";

/** The most endpoints one organization registers. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** How long a rotated-out secret still signs, unless the call says otherwise. */
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

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

/** What {@link registerWebhookEndpoint} needs. */
export interface RegisterWebhookEndpointInput {
  orgId: string;
  url: string;
  now: Date;
  /** How receivers' addresses are judged (loopback only for a sandbox) and host names resolved. */
  urlPolicy: WebhookUrlPolicy;
}

/**
 * Registers a receiver for the organization's changes from now on: each later change is posted
 * to it as a thin event, signed with the secret answered here (shown once; store it). A URL that
 * is not https, or that resolves to a loopback, private or link-local address, is refused.
 */
export async function registerWebhookEndpoint(
  store: Store,
  input: RegisterWebhookEndpointInput,
): Promise<LiveDataOutcome<{ endpoint: WebhookEndpointView; secret: string }>> {
  const checked = await checkWebhookUrl(input.url, input.urlPolicy);
  if (!checked.ok) return invalidInput([{ index: null, field: "url", message: checked.message }]);
  return withEndpoints(store, input.orgId, async (tx) => {
    const existing = await tx.loadWebhookEndpoints();
    if (existing.length >= MAX_WEBHOOK_ENDPOINTS)
      return invalidInput([
        {
          index: null,
          field: "url",
          message: `An organization registers at most ${MAX_WEBHOOK_ENDPOINTS} endpoints; delete one first.`,
        },
      ]);
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id: crypto.randomUUID(),
      url: checked.url,
      secrets: [{ secret, expiresAt: null }],
      enabled: true,
      disabledReason: null,
      createdAt: input.now,
    };
    await tx.saveWebhookEndpoint(endpoint);
    return { ok: true, endpoint: endpointView(endpoint), secret };
  });
}

/** The organization's endpoints, oldest first, without their secrets. */
export function listWebhookEndpoints(
  store: Store,
  input: { orgId: string },
): Promise<LiveDataOutcome<{ endpoints: WebhookEndpointView[] }>> {
  return withEndpoints(store, input.orgId, async (tx) => ({
    ok: true,
    endpoints: (await tx.loadWebhookEndpoints()).map(endpointView),
  }));
}

/**
 * Gives the endpoint a new secret, answered once. The one before keeps signing beside it for
 * `overlapHours` (two signatures per message), so a receiver can switch without losing one.
 */
export function rotateWebhookSecret(
  store: Store,
  input: { orgId: string; endpointId: string; now: Date; overlapHours?: number },
): Promise<LiveDataOutcome<{ endpoint: WebhookEndpointView; secret: string }>> {
  const hours = input.overlapHours ?? DEFAULT_ROTATION_OVERLAP_HOURS;
  if (!Number.isFinite(hours) || hours < 0 || hours > 24 * 30)
    return Promise.resolve(
      invalidInput([{ index: null, field: "overlapHours", message: "From 0 to 720 hours." }]),
    );
  return withEndpoint(store, input, async (tx, endpoint) => {
    const secret = newWebhookSecret();
    const current = endpoint.secrets[0];
    const expiresAt = new Date(input.now.getTime() + hours * 3_600_000);
    const rotated: WebhookEndpoint = {
      ...endpoint,
      secrets:
        current === undefined || hours === 0
          ? [{ secret, expiresAt: null }]
          : [
              { secret, expiresAt: null },
              { secret: current.secret, expiresAt },
            ],
    };
    await tx.saveWebhookEndpoint(rotated);
    return { ok: true, endpoint: endpointView(rotated), secret };
  });
}

/** Deletes the endpoint and the events waiting for it. */
export function deleteWebhookEndpoint(
  store: Store,
  input: { orgId: string; endpointId: string },
): Promise<LiveDataOutcome<{ deleted: true }>> {
  return withEndpoint(store, input, async (tx, endpoint) => {
    await tx.deleteWebhookEndpoint(endpoint.id);
    return { ok: true, deleted: true as const };
  });
}

/**
 * Enables the endpoint again (after a `410 Gone` or spent retries) and queues an event for every
 * change from position `fromPosition` on, as the log holds them now (each application's latest,
 * tombstones too), then the changes to come.
 */
export function replayWebhookEvents(
  store: Store,
  input: { orgId: string; endpointId: string; fromPosition: number },
): Promise<LiveDataOutcome<{ endpoint: WebhookEndpointView; events: number }>> {
  if (!Number.isSafeInteger(input.fromPosition) || input.fromPosition < 1)
    return Promise.resolve(
      invalidInput([
        { index: null, field: "fromPosition", message: "A position: a whole number from 1." },
      ]),
    );
  return withEndpoint(store, input, async (tx, endpoint) => {
    const enabled: WebhookEndpoint = { ...endpoint, enabled: true, disabledReason: null };
    await tx.saveWebhookEndpoint(enabled);
    const events = await tx.replayWebhookEvents(endpoint.id, input.fromPosition - 1);
    return { ok: true, endpoint: endpointView(enabled), events };
  });
}

function withEndpoints<T extends object>(
  store: Store,
  orgId: string,
  work: (tx: ChangeLogTx) => Promise<LiveDataOutcome<T>>,
): Promise<LiveDataOutcome<T>> {
  return runLiveData(store, orgId, (tx) =>
    supportsChangeLog(tx)
      ? work(tx)
      : Promise.resolve(refusedWrite("NOT_SUPPORTED", "This store keeps no change log.")),
  );
}

function withEndpoint<T extends object>(
  store: Store,
  input: { orgId: string; endpointId: string },
  work: (tx: ChangeLogTx, endpoint: WebhookEndpoint) => Promise<LiveDataOutcome<T>>,
): Promise<LiveDataOutcome<T>> {
  return withEndpoints(store, input.orgId, async (tx) => {
    const endpoint = (await tx.loadWebhookEndpoints()).find(
      (candidate) => candidate.id === input.endpointId,
    );
    return endpoint === undefined
      ? refusedWrite("WEBHOOK_NOT_FOUND", "The organization has no such webhook endpoint.")
      : work(tx, endpoint);
  });
}
