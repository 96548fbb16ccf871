/** Headers every response carries: no sniffing, no caching of per-organization data. */
export const COMMON_HEADERS = { "x-content-type-options": "nosniff", "cache-control": "no-store" };

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...COMMON_HEADERS, "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** The `{error}` body of 401, 403 and rpdi's other JSON errors. */
export function jsonError(
  status: number,
  error: string,
  headers: Record<string, string> = {},
): Response {
  return json(status, { error }, headers);
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { ...COMMON_HEADERS, "content-type": "text/plain; charset=utf-8", ...headers },
  });
}

export function csv(body: string, filename: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...COMMON_HEADERS,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
    },
  });
}

export function pdf(body: Uint8Array, filename: string): Response {
  return new Response(body.slice(), {
    status: 200,
    headers: {
      ...COMMON_HEADERS,
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${filename}"`,
    },
  });
}
