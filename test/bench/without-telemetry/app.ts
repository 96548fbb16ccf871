/**
 * The HTTP app and the memory store, bundled by `npm run bench` a second time with
 * ./otel.ts and ./http-telemetry.ts in place of rpdi's OpenTelemetry modules.
 */
export { createHttpApp } from "../../../src/http/app";
export { createMemoryStore } from "../../../src/memory/store";
