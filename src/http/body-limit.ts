import type { Context, MiddlewareHandler } from "hono";
import type { HttpEnv } from "./env";

/** The limit of a route that declares none: a login form, a logout, a body nobody reads. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Reading a request body failed because it passed its route's limit. */
export class BodyTooLargeError extends Error {
  constructor(
    /** Bytes received (or declared) when reading stopped: more than `limit`. */
    readonly bytesAtLeast: number,
    readonly limit: number,
  ) {
    super(`The request body is larger than ${limit} bytes.`);
    this.name = "BodyTooLargeError";
  }
}

const hostRequests = new WeakMap<Request, Request>();

/**
 * The `Request` the host handed in, for one that {@link countBodyBytes} rewrapped: hosts key what
 * they know of a request (its client's address, say) by their own object.
 */
export function hostRequestOf(request: Request): Request {
  return hostRequests.get(request) ?? request;
}

/**
 * Counts every request body's bytes as they arrive, whoever reads it and however: past the route's
 * limit (set by {@link bodyLimit}, else {@link DEFAULT_BODY_LIMIT}) the read fails with
 * {@link BodyTooLargeError} and the rest is never pulled. A declared `Content-Length` over the
 * limit fails the first read without pulling anything; a smaller one is not believed (a host that
 * builds its own `Request` may declare anything). Nothing is read here: a body is still read only
 * by its handler, after the checks before it.
 */
export function countBodyBytes(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    countRequestBody(c);
    await next();
  };
}

/** {@link countBodyBytes}'s work on one request, for a middleware that does more. */
export function countRequestBody(c: Context<HttpEnv>): void {
  const raw = c.req.raw;
  // A GET or HEAD request has no body (fetch refuses to build one with a body), and asking for
  // `body` makes a host's lazy request (@hono/node-server's) build a whole `Request` for nothing.
  if (raw.method === "GET" || raw.method === "HEAD" || raw.body === null) return;
  const source = raw.body.getReader();
  const declared = Number(raw.headers.get("content-length") ?? Number.NaN);
  let total = 0;
  const counted = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const limit = c.get("bodyLimit") ?? DEFAULT_BODY_LIMIT;
        if (declared > limit) {
          await source.cancel().catch(() => undefined);
          controller.error(new BodyTooLargeError(declared, limit));
          return;
        }
        const { done, value } = await source.read();
        if (done) {
          controller.close();
          return;
        }
        total += value.byteLength;
        if (total > limit) {
          await source.cancel().catch(() => undefined);
          controller.error(new BodyTooLargeError(total, limit));
          return;
        }
        controller.enqueue(value);
      },
      cancel: (reason) => source.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  const wrapped = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
  hostRequests.set(wrapped, raw);
  c.req.raw = wrapped;
}

/** Sets the route's body limit, in bytes, for {@link countBodyBytes}. */
export function bodyLimit(bytes: number): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    c.set("bodyLimit", bytes);
    await next();
  };
}
