import { RpdiFileTooLargeError } from "./errors";

/**
 * A CSV to upload: text, bytes, a `Blob` (a browser `File` is one), a web `ReadableStream`, or any
 * async iterable of bytes (a Node `Readable` from `fs.createReadStream` is one).
 */
export type UploadFile =
  | string
  | Uint8Array
  | ArrayBuffer
  | Blob
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>;

/**
 * Every upload of the interface is refused above 10 MB (10 × 1024 × 1024 bytes; exactly that is
 * accepted), the service's `MAX_CSV_BYTES`. The client refuses a larger file itself, before the
 * login or any byte of the file is sent.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The file as a `Blob`, which every attempt of the call can send again (a stream is read once,
 * and a 401 answered by a fresh login resends the file). A file over {@link MAX_UPLOAD_BYTES}
 * throws {@link RpdiFileTooLargeError}: text is measured in UTF-8 bytes, and a stream is read
 * only until it passes the limit, then cancelled.
 */
export async function uploadBlob(file: UploadFile, request: string): Promise<Blob> {
  if (typeof file === "string") return checked(new Blob([file], { type: "text/csv" }), request);
  if (file instanceof Blob) return checked(file, request);
  if (file instanceof ArrayBuffer || file instanceof Uint8Array) {
    refuseOver(file.byteLength, request, "is");
    return new Blob([file instanceof ArrayBuffer ? file : copyOf(file)], { type: "text/csv" });
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for await (const chunk of chunksOf(file)) {
    size += chunk.byteLength;
    // Leaving the loop cancels the stream (the reader's `cancel`, the iterator's `return`).
    refuseOver(size, request, "passed");
    chunks.push(copyOf(chunk));
  }
  return new Blob(chunks, { type: "text/csv" });
}

function checked(blob: Blob, request: string): Blob {
  refuseOver(blob.size, request, "is");
  return blob;
}

function refuseOver(size: number, request: string, how: "is" | "passed"): void {
  if (size <= MAX_UPLOAD_BYTES) return;
  throw new RpdiFileTooLargeError(
    `${request}: the file ${how} ${size} bytes${how === "passed" ? " when the client stopped reading it" : ""}, over the ${MAX_UPLOAD_BYTES} bytes (10 MiB) an upload may have; nothing was sent`,
    { request },
    size,
    MAX_UPLOAD_BYTES,
  );
}

/** The spec's multipart body (part `file`), built anew for each attempt of a call. */
export function multipartFile(file: Blob, fileName: string): () => FormData {
  return () => {
    const form = new FormData();
    form.set("file", file, fileName);
    return form;
  };
}

/** A copy backed by a plain ArrayBuffer (a view of shared memory cannot become a Blob). */
function copyOf(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

async function* chunksOf(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (Symbol.asyncIterator in source) {
    for await (const chunk of source) yield typeof chunk === "string" ? encode(chunk) : chunk;
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** A Node stream opened with an encoding yields strings. */
function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
