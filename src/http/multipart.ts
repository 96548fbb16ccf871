import { type CsvReadError, csvSizeError, MAX_CSV_BYTES } from "../csv/read";

import { renderMessage } from "../messages/catalog";
import { BodyTooLargeError } from "./body-limit";

/** Room for the multipart framing around a file of the maximum size. */
const FRAMING_ALLOWANCE = 64 * 1024;

/** The body limit of the CSV upload routes: the file limit plus its multipart framing. */
export const UPLOAD_BODY_LIMIT = MAX_CSV_BYTES + FRAMING_ALLOWANCE;

/** The part `file`, or why it could not be had, as the CSV reader's own error (each endpoint maps it). */
export type Upload = { ok: true; file: Uint8Array | null } | { ok: false; error: CsvReadError };

/**
 * Reads the multipart part `file`. The body is counted while it streams (the route's
 * {@link UPLOAD_BODY_LIMIT}) and reading stops as soon as it passes the file limit plus framing, so
 * an oversized upload is refused having held at most about 10 MiB. The bounded body is then parsed
 * by the platform's own multipart parser. A request that is not multipart, or has no `file` part,
 * has no file (`file: null`).
 */
export async function readUploadedFile(request: Request): Promise<Upload> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) return { ok: true, file: null };
  const body = await readBounded(request);
  if (!body.ok) {
    // Past the body limit means past the file limit too, so there is always an error.
    const error = csvSizeError(body.bytesAtLeast, MAX_CSV_BYTES, false) as CsvReadError;
    return { ok: false, error };
  }
  let form: FormData;
  try {
    form = await new Response(body.bytes, { headers: { "content-type": type } }).formData();
  } catch {
    return {
      ok: false,
      error: {
        code: "MALFORMED",
        line: null,
        message: renderMessage(undefined, "file.MALFORMED.multipart", {}),
        ref: { key: "file.MALFORMED.multipart", params: {} },
      },
    };
  }
  const part = form.get("file");
  if (part === null) return { ok: true, file: null };
  if (typeof part === "string") return { ok: true, file: new TextEncoder().encode(part) };
  return { ok: true, file: new Uint8Array(await part.arrayBuffer()) };
}

/**
 * The whole body, or how far it got past the route's limit: `countBodyBytes` counts the bytes as
 * they arrive and stops the read there.
 */
export async function readBounded(
  request: Request,
): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; bytesAtLeast: number }> {
  try {
    return { ok: true, bytes: new Uint8Array(await request.arrayBuffer()) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, bytesAtLeast: error.bytesAtLeast };
    throw error;
  }
}
