import { metrics } from "@opentelemetry/api";
import { observeOutboxBacklog } from "../telemetry/outbox-backlog";
import { optionalPeer } from "./serve-backend";

/** What Prometheus is answered: the text exposition format. */
const PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

/** `rpdi serve --metrics`: the registered meter provider and the `/metrics` answer. */
export interface ServeMetrics {
  /** Answers a scrape: every instrument's current value in Prometheus text. */
  scrape(): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Registers an OpenTelemetry meter provider read by a Prometheus exporter (the optional peers
 * `@opentelemetry/sdk-metrics` and `@opentelemetry/exporter-prometheus`, loaded only here) and,
 * when `outboxBacklog` is given, the `rpdi.outbox.backlog` gauge, which reads it at each scrape.
 */
export async function startServeMetrics(
  outboxBacklog: (() => Promise<number>) | undefined,
): Promise<ServeMetrics> {
  const sdk = await optionalPeer<typeof import("@opentelemetry/sdk-metrics")>(
    "@opentelemetry/sdk-metrics",
    () => import("@opentelemetry/sdk-metrics"),
  );
  const prometheus = await optionalPeer<typeof import("@opentelemetry/exporter-prometheus")>(
    "@opentelemetry/exporter-prometheus",
    () => import("@opentelemetry/exporter-prometheus"),
  );
  const exporter = new prometheus.PrometheusExporter({ preventServerStart: true });
  const provider = new sdk.MeterProvider({ readers: [exporter] });
  metrics.setGlobalMeterProvider(provider);
  if (outboxBacklog !== undefined) observeOutboxBacklog(outboxBacklog, provider);
  const serializer = new prometheus.PrometheusSerializer();
  return {
    async scrape() {
      const { resourceMetrics } = await exporter.collect();
      return new Response(serializer.serialize(resourceMetrics), {
        headers: { "content-type": PROMETHEUS_TEXT, "cache-control": "no-store" },
      });
    },
    close: () => provider.shutdown(),
  };
}
