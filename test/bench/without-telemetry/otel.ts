/**
 * What `npm run bench` bundles in place of src/telemetry/otel.ts for rpdi as it was before
 * OpenTelemetry: no provider is ever asked for, so no span or instrument exists.
 */
export const TELEMETRY_SCOPE = "rpdi";
export const activeTracer = (): undefined => undefined;
export const instruments = (): undefined => undefined;
export function failSpan(): void {}
