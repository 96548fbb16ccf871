import { createHttpApp } from "./app";
import { OPENAPI_DOCUMENT_CONFIG } from "./openapi-config";

/**
 * The OpenAPI 3.1 document of the HTTP interface, generated from the route definitions (the same
 * ones that validate requests), as every handler serves it at `/openapi.json`; with the operator
 * API, which a handler serves (and documents) only when given an `operatorToken`.
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
    operatorToken: "the-document-app-answers-no-operator",
  });
  return inert.getOpenAPI31Document(OPENAPI_DOCUMENT_CONFIG) as unknown as Record<string, unknown>;
}
