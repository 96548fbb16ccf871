import { isProduct, type Product } from "../domain/products";
import { errorBodySchema } from "../http/error-body";
import {
  type BulkRemoveResult,
  bulkRemoveResultSchema,
  type MemberImportResult,
  memberImportResultSchema,
  memberValidationResultSchema,
} from "../members/result";
import type { Addresses } from "./addresses";
import { multipartFile, type UploadFile, uploadBlob } from "./file-body";
import type { Transport } from "./transport";

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of an upload. */
export interface UploadOptions extends CallOptions {
  /** The file name the multipart part carries. Default `members.csv` / `matters.csv`. */
  fileName?: string;
}

/** The spec advises batches of a few thousand addresses: each call is one transaction. */
export const BULK_REMOVE_BATCH = 2000;

/** Options of {@link MemberMethods.bulkRemove}. */
export interface BulkRemoveOptions extends CallOptions {
  /** Addresses per call. Default 2000. */
  batchSize?: number;
  /** Called after each batch is removed, with the running totals. */
  onBatch?: (progress: { batches: number; emailsSent: number; removedCount: number }) => void;
}

/** The member endpoints of `{base_url}`. */
export interface MemberMethods {
  /**
   * POST /members/import-csv. Resolves to the import result; a file with any error throws
   * `RpdiValidationError<MemberValidationResult>` (nothing was written).
   */
  importCsv(
    product: Product,
    file: UploadFile,
    options?: UploadOptions,
  ): Promise<MemberImportResult>;
  /**
   * DELETE /members/bulk-remove, in batches of `batchSize` addresses (one transaction each),
   * summing `removedCount`. Addresses are sent exactly as given (the spec matches them exactly);
   * repeats are sent once. A failure after some batches leaves those removed: running the same call
   * again is safe, since a removed access is not removed twice.
   */
  bulkRemove(
    product: Product,
    emails: Iterable<string>,
    options?: BulkRemoveOptions,
  ): Promise<BulkRemoveResult>;
  /** GET /members/example-csv/{product}/{numRows} (at most 1000 rows). */
  exampleCsv(product: Product, numRows: number, options?: CallOptions): Promise<string>;
  /** GET /members/import-instructions.pdf?product=…: the PDF's bytes. */
  importInstructionsPdf(product: Product, options?: CallOptions): Promise<Uint8Array>;
}

/** The member import's 400: the validation result, or `{error}` for a refused product. */
export const memberImportBadRequest = memberValidationResultSchema.or(errorBodySchema);

function productOf(product: Product): Product {
  if (!isProduct(product)) throw new TypeError(`product must be RECRUIT, PERFORM or UNI`);
  return product;
}

export function memberMethods(transport: Transport, addresses: Addresses): MemberMethods {
  return {
    async importCsv(product, file, options = {}) {
      const url = addresses.rest("/members/import-csv", { product: productOf(product) });
      const blob = await uploadBlob(file, `POST ${url.pathname}`);
      return transport.call({
        method: "POST",
        url,
        body: multipartFile(blob, options.fileName ?? "members.csv"),
        badRequest: memberImportBadRequest,
        read: (response, check) => check.json(response, memberImportResultSchema),
        signal: options.signal,
      });
    },

    async bulkRemove(product, emails, options = {}) {
      const checkedProduct = productOf(product);
      const batchSize = options.batchSize ?? BULK_REMOVE_BATCH;
      if (!Number.isInteger(batchSize) || batchSize < 1)
        throw new TypeError("batchSize must be a whole number of addresses, at least 1");
      const url = addresses.rest("/members/bulk-remove");
      const seen = new Set<string>();
      let batch: string[] = [];
      const progress = { batches: 0, emailsSent: 0, removedCount: 0 };
      const send = async () => {
        const body = JSON.stringify({ product: checkedProduct, emails: batch });
        const { removedCount } = await transport.call({
          method: "DELETE",
          url,
          headers: { "content-type": "application/json" },
          body: () => body,
          read: (response, check) => check.json(response, bulkRemoveResultSchema),
          signal: options.signal,
        });
        progress.batches += 1;
        progress.emailsSent += batch.length;
        progress.removedCount += removedCount;
        batch = [];
        options.onBatch?.({ ...progress });
      };
      for (const email of emails) {
        if (typeof email !== "string") throw new TypeError("emails must be strings");
        if (seen.has(email)) continue;
        seen.add(email);
        batch.push(email);
        if (batch.length === batchSize) await send();
      }
      if (batch.length > 0) await send();
      return { removedCount: progress.removedCount };
    },

    async exampleCsv(product, numRows, options = {}) {
      if (!Number.isInteger(numRows) || numRows < 0)
        throw new TypeError("numRows must be a whole number (the service caps it at 1000)");
      return transport.call({
        method: "GET",
        url: addresses.rest(`/members/example-csv/${productOf(product)}/${numRows}`),
        read: (response, check) => check.text(response, "text/csv"),
        signal: options.signal,
      });
    },

    async importInstructionsPdf(product, options = {}) {
      return transport.call({
        method: "GET",
        url: addresses.rest("/members/import-instructions.pdf", { product: productOf(product) }),
        read: (response, check) => check.bytes(response, "application/pdf"),
        signal: options.signal,
      });
    },
  };
}
