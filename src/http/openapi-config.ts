import type { OpenAPIHono } from "@hono/zod-openapi";

type OpenAPIObjectConfig = Parameters<OpenAPIHono["getOpenAPI31Document"]>[0];

/** The document-level parts of the OpenAPI document; every operation comes from its route. */
export const OPENAPI_DOCUMENT_CONFIG: OpenAPIObjectConfig = {
  openapi: "3.1.0",
  info: {
    title: "Recruiting and Performance Data Interface (rpdi)",
    version: "2.0.0",
    description:
      "Interface versions (spec, Versioning): member import 1.0.0, matters 2.0.0, GraphQL v2, feed v1; each operation carries its own as x-interface-version.",
  },
  security: [{ SERVICEAUTH: [] }],
};
