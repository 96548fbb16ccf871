import { buildHttpApp } from "./app";
import type { HttpHandlerOptions } from "./options";

/** What {@link createHttpHandler} answers: the handler, and how to stop what it started. */
export interface HttpHandler {
  /**
   * `bindings` are the host's, as @hono/node-server hands them to `fetch`: with its Node response
   * the request log's `X-Request-Id` is set there, without rebuilding the answer.
   */
  (request: Request, bindings?: object): Promise<Response>;
  /**
   * Ends the import worker threads the handler started (not a pool the host passed in); files
   * already handed to them are answered first. Call it when the server stops.
   */
  close(): Promise<void>;
}

/**
 * The whole interface over web-standard Request and Response: every endpoint of the spec at its
 * path, with its status codes and bodies. Mount it on any host that speaks fetch, and `close()` it
 * when the host stops.
 */
export function createHttpHandler(options: HttpHandlerOptions): HttpHandler {
  const { app, settings } = buildHttpApp(options);
  const ownsPool = typeof options.importWorkers !== "object";
  const handler = async (request: Request, bindings?: object) => app.fetch(request, bindings);
  return Object.assign(handler, {
    close: async () => {
      if (ownsPool) await settings.importPool?.close();
    },
  });
}
