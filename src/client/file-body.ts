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
 * Every upload of the interface is refused above 10 MB. A stream is read to one byte past this, so
 * an oversized file still reaches the service and gets the spec's answer (`FILE_SIZE_EXCEEDED`,
 * `INVALID_FILE_SIZE`, or the upsert's 400) without the client holding a file of any size.
 */
export const UPLOAD_READ_LIMIT = 10 * 1024 * 1024 + 1;

/**
 * The file as a `Blob`, which every attempt of the call can send again (a stream is read once,
 * and a 401 answered by a fresh login resends the file).
 */
export async function uploadBlob(file: UploadFile): Promise<Blob> {
  if (typeof file === "string") return new Blob([file], { type: "text/csv" });
  if (file instanceof Blob) return file;
  if (file instanceof ArrayBuffer) return new Blob([file], { type: "text/csv" });
  if (file instanceof Uint8Array) return new Blob([copyOf(file)], { type: "text/csv" });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for await (const chunk of chunksOf(file)) {
    const bytes = chunk.subarray(0, UPLOAD_READ_LIMIT - size);
    chunks.push(copyOf(bytes));
    size += bytes.length;
    if (size >= UPLOAD_READ_LIMIT) break;
  }
  return new Blob(chunks, { type: "text/csv" });
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
