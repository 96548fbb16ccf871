import { type MeterProvider, metrics } from "@opentelemetry/api";
import { TELEMETRY_SCOPE } from "./otel";

/**
 * Registers the `rpdi.outbox.backlog` observable gauge: `count` is asked at each collection (a
 * Prometheus scrape, an OTLP export), so it should be one cheap query, such as a `count(*)` of
 * the adapter's `welcome_emails`. On the provider the host registered unless one is given; a no-op
 * until an SDK is registered. Returns a function that stops observing.
 */
export function observeOutboxBacklog(
  count: () => Promise<number>,
  provider: MeterProvider = metrics.getMeterProvider(),
): () => void {
  const gauge = provider.getMeter(TELEMETRY_SCOPE).createObservableGauge("rpdi.outbox.backlog", {
    description: "Welcome emails in the outbox, not yet delivered.",
    unit: "{email}",
  });
  const observe = async (result: { observe(value: number): void }) => {
    result.observe(await count());
  };
  gauge.addCallback(observe);
  return () => gauge.removeCallback(observe);
}
