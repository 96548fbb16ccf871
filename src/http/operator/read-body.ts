import type { InputProblem } from "../../domain/live-data-outcome";
import { parseNdjson } from "../../runtime/ndjson";
import { BodyTooLargeError } from "../body-limit";
import { operatorError } from "./errors";

/** What reading a body gave: its value, or the refusal to answer. */
export type BodyRead<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * The body limit of the operator routes, in bytes: 32 MiB, room for a batch of 10,000 job
 * applications with long histories. Past it the read stops and 413 is answered.
 */
export const OPERATOR_BODY_LIMIT = 32 * 1024 * 1024;

/** The body's media type, lower case, without parameters; `""` without a `Content-Type`. */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Whether a media type is JSON (`application/json`, or a `+json` type). */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === "application/json" || /^application\/[\w.-]+\+json$/.test(mediaType);
}

const refuse = (response: Response) => ({ ok: false as const, response });

/** The body as UTF-8 text, under the body limit the chain counts. */
export async function readBodyText(request: Request): Promise<BodyRead<string>> {
  let bytes: ArrayBuffer;
  try {
    bytes = await request.arrayBuffer();
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return refuse(
        operatorError(
          "BODY_TOO_LARGE",
          `The request body is too large: at most ${error.limit} bytes. Send the records in smaller batches.`,
        ),
      );
    throw error;
  }
  try {
    return { ok: true, value: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return refuse(operatorError("INVALID_INPUT", "The request body is not UTF-8 text."));
  }
}

/** A JSON body (`Content-Type: application/json`), parsed; 415 for another media type. */
export async function readJsonBody(request: Request): Promise<BodyRead<unknown>> {
  if (!isJsonMediaType(mediaTypeOf(request)))
    return refuse(
      operatorError("UNSUPPORTED_MEDIA_TYPE", "Send the body as Content-Type: application/json."),
    );
  const text = await readBodyText(request);
  if (!text.ok) return text;
  try {
    return { ok: true, value: JSON.parse(text.value) };
  } catch {
    return refuse(
      operatorError("INVALID_INPUT", "The request body is not JSON.", [
        { index: null, field: "", message: "is not JSON" },
      ]),
    );
  }
}

/**
 * An NDJSON body, one record a line: the records, and for each the line it came from (its
 * `index` in problems is the line number minus one). Lines that are not JSON refuse the body,
 * each a problem; blank lines are skipped.
 */
export async function readNdjsonBody(
  request: Request,
): Promise<BodyRead<{ records: unknown[]; lineIndexes: number[] }>> {
  const text = await readBodyText(request);
  if (!text.ok) return text;
  const read = parseNdjson(text.value);
  if (read.failures.length > 0) {
    const problems: InputProblem[] = read.failures.map((failure) => ({
      index: failure.lineIndex,
      field: "",
      message: failure.message,
    }));
    const count = problems.length;
    return refuse(
      operatorError(
        "INVALID_INPUT",
        `${count} line${count === 1 ? " is" : "s are"} not JSON; nothing was written.`,
        problems,
      ),
    );
  }
  return { ok: true, value: { records: read.values, lineIndexes: read.lineIndexes } };
}

/**
 * The one field of a request body (`{ jobs: [...] }`): the body must be an object holding that
 * field (an array when `array`) and nothing else, so a misspelt field is a problem, not ignored.
 */
export function fieldOfBody(body: unknown, field: string, array: boolean): BodyRead<unknown> {
  const problems: InputProblem[] = [];
  if (typeof body !== "object" || body === null || Array.isArray(body))
    problems.push({ index: null, field: "", message: `expected an object with "${field}"` });
  else {
    for (const key of Object.keys(body))
      if (key !== field)
        problems.push({ index: null, field: key, message: "is no field of this body" });
    const value = (body as Record<string, unknown>)[field];
    if (!Object.hasOwn(body, field)) problems.push({ index: null, field, message: "is required" });
    else if (array && !Array.isArray(value))
      problems.push({ index: null, field, message: "expected an array" });
    else if (problems.length === 0) return { ok: true, value };
  }
  const count = problems.length;
  return refuse(
    operatorError(
      "INVALID_INPUT",
      `The input has ${count} problem${count === 1 ? "" : "s"}.`,
      problems,
    ),
  );
}
