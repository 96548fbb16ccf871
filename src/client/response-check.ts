import type { z } from "zod";
import { type ContractIssue, RpdiContractError } from "./errors";
import type { Runtime } from "./runtime";

/** What a call's reader uses to hold an answer to the contract. */
export interface ResponseCheck {
  request: string;
  json<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>>;
  text(response: Response, mediaType: string): Promise<string>;
  bytes(response: Response, mediaType: string): Promise<Uint8Array>;
}

/**
 * Holds 2xx answers of `request` to the contract: the media type, and (unless the runtime turned
 * it off) the body against its zod schema; what breaks it throws `RpdiContractError`.
 */
export function responseCheck(
  runtime: Pick<Runtime, "validateResponses">,
  request: string,
): ResponseCheck {
  const validate = runtime.validateResponses;
  const refuse = (message: string, status: number, issues: readonly ContractIssue[] = []) =>
    new RpdiContractError(`${request}: ${message}`, { request, status }, issues);
  const mediaTypeOf = (response: Response) =>
    (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const expectType = (response: Response, mediaType: string) => {
    if (validate && mediaTypeOf(response) !== mediaType)
      throw refuse(
        `answered ${mediaTypeOf(response) || "no media type"} where the spec gives ${mediaType}`,
        response.status,
      );
  };
  return {
    request,
    async json(response, schema) {
      expectType(response, "application/json");
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        // Not the parser's message: it quotes the body, which may echo the session cookie.
        throw refuse("answered a body that is not JSON", response.status);
      }
      if (!validate) return body as z.output<typeof schema>;
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data;
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path,
        message: issue.message,
      }));
      const shown = issues
        .slice(0, 5)
        .map((issue) => `${issue.path.map(String).join(".") || "(body)"}: ${issue.message}`)
        .join("; ");
      throw refuse(
        `answered a body outside the contract (${shown}${issues.length > 5 ? `; and ${issues.length - 5} more` : ""})`,
        response.status,
        issues,
      );
    },
    async text(response, mediaType) {
      expectType(response, mediaType);
      return response.text();
    },
    async bytes(response, mediaType) {
      expectType(response, mediaType);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
