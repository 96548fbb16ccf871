import type { Hook } from "@hono/zod-openapi";
import type { HttpEnv } from "./env";
import { jsonError } from "./responses";

/**
 * What a route answers when its parameters or body fail their schema: the route's own wording, as
 * JSON `{error}` by default (the matter writers answer plain text).
 */
export function refuseInvalid<Input>(
  message: string,
  respond: (message: string) => Response = (text) => jsonError(400, text),
): Hook<Input, HttpEnv, string, Response | undefined> {
  return (result) => (result.success ? undefined : respond(message));
}
