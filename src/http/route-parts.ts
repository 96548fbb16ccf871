import { type RouteConfig, z } from "@hono/zod-openapi";
import { PRODUCTS } from "../domain/products";
import { errorBodySchema } from "./error-body";

export { errorBodySchema };

/** A response documented by its media type and zod schema (or a plain JSON Schema). */
export function documented(
  description: string,
  mediaType: string,
  schema: z.ZodType | Record<string, unknown> = { type: "string" },
) {
  return { description, content: { [mediaType]: { schema } } };
}

export const jsonResponse = (description: string, schema: z.ZodType) =>
  documented(description, "application/json", schema);

export const UNAUTHORIZED = jsonResponse(
  "Authentication failed or the session is missing.",
  errorBodySchema,
);
export const FORBIDDEN = jsonResponse(
  "The session may not do this, or a cookie-authenticated write came from another site.",
  errorBodySchema,
);
export const CONFLICT = jsonResponse(
  "A concurrent write to the same data could not be serialized; nothing was written. Retry.",
  errorBodySchema,
);
const RETRY_AFTER = {
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer" as const },
  },
};
/**
 * 503 of the file imports beyond the process's bound (`maxConcurrentImports`), or of a dependency
 * that cannot be reached.
 */
export const IMPORTS_BUSY = {
  ...jsonResponse(
    "As many file imports as this server runs at once are running, or a service it depends on (its database, its shared limiters) cannot be reached; nothing was written. Retry after the Retry-After seconds.",
    errorBodySchema,
  ),
  headers: RETRY_AFTER,
};
/** 503 of a dependency (the database, the shared limiters) that cannot be reached now. */
export const UNAVAILABLE = {
  ...jsonResponse(
    "A service this server depends on (its database, its shared limiters) cannot be reached right now; nothing was written. Retry after the Retry-After seconds.",
    errorBodySchema,
  ),
  headers: RETRY_AFTER,
};
export const SERVER_ERROR = jsonResponse(
  "An unexpected failure; nothing was written. Retry later.",
  errorBodySchema,
);

type BodyContent = NonNullable<NonNullable<RouteConfig["request"]>["body"]>["content"];
type DocumentedSchema = NonNullable<Extract<BodyContent[string], { schema?: unknown }>["schema"]>;

/**
 * A request body's schema for the document alone: the route registers no validator for it, so
 * the handler reads the body itself, after the size and media-type checks (a validator would read
 * an unbounded body, and refuse the empty DELETE body the spec allows). The handler parses with
 * the same zod schema.
 */
export function documentedOnly(schema: z.ZodType): DocumentedSchema {
  // zod's JSON Schema is the document's schema object; the two libraries type it apart.
  return z.toJSONSchema(schema, { io: "input" }) as DocumentedSchema;
}

/** The multipart body of the CSV uploads: part `file`. Read by rpdi's bounded reader. */
export const MULTIPART_FILE_BODY = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: documentedOnly(z.object({ file: z.string().openapi({ format: "binary" }) })),
    },
  },
};

export const productSchema = z.enum(PRODUCTS);

/** Interface versions the spec states (Versioning), carried by each operation. */
export const INTERFACE_VERSION = {
  members: "1.0.0",
  matters: "2.0.0",
  graphql: "2",
  feed: "1",
} as const;
