import type { WebhookUrlPolicy } from "../changes/webhook-url";

/**
 * How the operator API judges receivers' URLs unless the host says otherwise: public addresses
 * only, host names resolved by the system resolver. The Node resolver is loaded on first use, so
 * the handler itself stays free of Node's modules.
 */
export function defaultWebhookUrlPolicy(allowLoopback = false): WebhookUrlPolicy {
  return {
    allowLoopback,
    resolve: async (hostname) => (await import("./webhook-sender")).resolveHostname(hostname),
  };
}
