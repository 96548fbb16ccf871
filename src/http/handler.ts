import { createHttpApp } from "./app";
import type { HttpHandlerOptions } from "./options";

/**
 * The whole interface over web-standard Request and Response: every endpoint of the spec at its
 * path, with its status codes and bodies. Mount it on any host that speaks fetch.
 */
export function createHttpHandler(
  options: HttpHandlerOptions,
): (request: Request) => Promise<Response> {
  const app = createHttpApp(options);
  return async (request) => app.fetch(request);
}
