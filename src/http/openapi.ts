import { createHttpApp } from "./app";
import { OPENAPI_DOCUMENT_CONFIG } from "./openapi-config";

/**
 * The OpenAPI 3.1 document of the HTTP interface, generated from the route definitions (the same
 * ones that validate requests), as every handler serves it at `/openapi.json`.
 */
export function openApiDocument(): Record<string, unknown> {
  const inert = createHttpApp({
    store: {
      transaction: () => Promise.reject(new Error("the document's app runs no request")),
      loadSnapshot: async () => undefined,
      exportSnapshot: async () => null,
      findOrganizationId: async () => null,
    },
    tokenSecret: "the document's app signs no token, ever!!",
  });
  return inert.getOpenAPI31Document(OPENAPI_DOCUMENT_CONFIG) as unknown as Record<string, unknown>;
}
