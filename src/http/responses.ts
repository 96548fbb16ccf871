/** Headers every response carries: no sniffing, no caching of per-organization data. */
export const COMMON_HEADERS = { "x-content-type-options": "nosniff", "cache-control": "no-store" };

// A mark on the response itself, not a WeakSet: adding a young object to a weak collection costs
// a write barrier and the next scavenge's ephemeron pass, on every response.
const BUILT_HERE: unique symbol = Symbol("rpdi: built with the common headers");

type Marked = Response & { [BUILT_HERE]?: true };

/**
 * Whether `response` was built here, with {@link COMMON_HEADERS}: the app then need not read its
 * headers to add them, which makes a host's lazy response (@hono/node-server's) build a `Headers`.
 */
export function carriesCommonHeaders(response: Response): boolean {
  return (response as Marked)[BUILT_HERE] === true;
}

function built(response: Response): Response {
  (response as Marked)[BUILT_HERE] = true;
  return response;
}

/** The content type of rpdi's JSON responses. */
export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

// Shared by every JSON response without headers of its own; frozen, so no host can change it.
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...COMMON_HEADERS,
  "content-type": JSON_CONTENT_TYPE,
});

/** A JSON response with {@link COMMON_HEADERS}; `headers` add to them or replace them. */
export function json(status: number, body: unknown, headers?: Record<string, string>): Response {
  return jsonText(status, JSON.stringify(body), headers);
}

/** {@link json} for a body already serialized (as text or UTF-8): it is sent as it is. */
export function jsonText(
  status: number,
  text: string | Uint8Array<ArrayBuffer>,
  headers?: Record<string, string>,
): Response {
  return built(
    new Response(text, {
      status,
      headers: headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...headers },
    }),
  );
}

/**
 * {@link jsonText} with `headers` as all of its headers, in their order: they must hold
 * {@link COMMON_HEADERS} and the JSON content type (as the feed's, from `feedHeaders`).
 */
export function jsonTextWithHeaders(
  status: number,
  text: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
): Response {
  return built(new Response(text, { status, headers }));
}

/** The `{error}` body of 401, 403 and rpdi's other JSON errors. */
export function jsonError(
  status: number,
  error: string,
  headers?: Record<string, string>,
): Response {
  return json(status, { error }, headers);
}

/** A plain-text response with {@link COMMON_HEADERS}. */
export function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return built(
    new Response(body, {
      status,
      headers: { ...COMMON_HEADERS, "content-type": "text/plain; charset=utf-8", ...headers },
    }),
  );
}

/**
 * An HTML page with {@link COMMON_HEADERS}; `headers` add to them (the account pages' policy
 * headers, a cookie).
 */
export function html(status: number, body: string, headers: Record<string, string> = {}): Response {
  return built(
    new Response(body, {
      status,
      headers: { ...COMMON_HEADERS, "content-type": "text/html; charset=utf-8", ...headers },
    }),
  );
}

/** A CSV download (`attachment`) with {@link COMMON_HEADERS}. */
export function csv(body: string, filename: string): Response {
  return built(
    new Response(body, {
      status: 200,
      headers: {
        ...COMMON_HEADERS,
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
      },
    }),
  );
}

/** A PDF shown inline, with {@link COMMON_HEADERS}. */
export function pdf(body: Uint8Array, filename: string): Response {
  return built(
    new Response(body.slice(), {
      status: 200,
      headers: {
        ...COMMON_HEADERS,
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${filename}"`,
      },
    }),
  );
}
