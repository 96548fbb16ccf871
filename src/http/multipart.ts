import { type CsvReadError, csvSizeError, MAX_CSV_BYTES } from "../csv/read";

/** Room for the multipart framing around a file of the maximum size. */
const FRAMING_ALLOWANCE = 64 * 1024;

/** The part `file`, or why it could not be had, as the CSV reader's own error (each endpoint maps it). */
export type Upload = { ok: true; file: Uint8Array | null } | { ok: false; error: CsvReadError };

/**
 * Reads the multipart part `file`. The body is counted while it streams and reading stops as soon
 * as it passes the file limit plus framing, so an oversized upload is refused having held at most
 * about 10 MiB; a declared Content-Length over that is refused without reading at all. The bounded
 * body is then parsed by the platform's own multipart parser. A request that is not multipart, or
 * has no `file` part, has no file (`file: null`).
 */
export async function readUploadedFile(
  request: Request,
  fileLimit: number = MAX_CSV_BYTES,
): Promise<Upload> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) return { ok: true, file: null };
  const bodyLimit = fileLimit + FRAMING_ALLOWANCE;
  const body = await readBounded(request, bodyLimit);
  if (!body.ok) {
    // Past the body limit means past the file limit too, so there is always an error.
    const error = csvSizeError(body.bytesAtLeast, fileLimit, false) as CsvReadError;
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
        message: "The request body is not valid multipart/form-data.",
      },
    };
  }
  const part = form.get("file");
  if (part === null) return { ok: true, file: null };
  if (typeof part === "string") return { ok: true, file: new TextEncoder().encode(part) };
  return { ok: true, file: new Uint8Array(await part.arrayBuffer()) };
}

/** The whole body when it is at most `limit` bytes; otherwise stops reading and says so. */
export async function readBounded(
  request: Request,
  limit: number,
): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; bytesAtLeast: number }> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, bytesAtLeast: declared };
  if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, bytesAtLeast: total };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
