import { z } from "zod";
import {
  type MatterUpsertResult,
  type MatterValidationResult,
  matterUpsertResultSchema,
  matterValidationResultSchema,
} from "../matters/result";
import type { Addresses } from "./addresses";
import { multipartFile, type UploadFile, uploadBlob } from "./file-body";
import type { UploadOptions } from "./members";
import type { Call, Transport } from "./transport";

/** The matter upsert's and upload's 400: a plain string (spec, Errors: Matters). */
const plainStringBody = z.string();

/** The matter endpoints of `{base_url}` (Perform administrators only). */
export interface MatterMethods {
  /**
   * POST /matters-csv/upsert?reviewCycleId=…. A file with any error throws
   * `RpdiValidationError<string>` (the service's plain-text reasons; nothing was written); an
   * unknown review cycle throws `RpdiNotFoundError`. Retrying the same file gives the same state.
   */
  upsert(
    reviewCycleId: string,
    file: UploadFile,
    options?: UploadOptions,
  ): Promise<MatterUpsertResult>;
  /** POST /matters-csv/validate-upsert: the pre-flight of `upsert`; persists nothing. */
  validateUpsert(file: UploadFile, options?: UploadOptions): Promise<MatterValidationResult>;
  /**
   * POST /matters-csv/upload-csv?reviewCycleId=…
   * @deprecated The spec keeps it for backward compatibility only; use {@link MatterMethods.upsert}.
   */
  uploadCsv(reviewCycleId: string, file: UploadFile, options?: UploadOptions): Promise<void>;
  /**
   * POST /matters-csv/validate-csv: the upload-csv rules only, not a pre-flight for `upsert`.
   * @deprecated The spec keeps it for backward compatibility only; use
   * {@link MatterMethods.validateUpsert}.
   */
  validateCsv(file: UploadFile, options?: UploadOptions): Promise<MatterValidationResult>;
}

export function matterMethods(transport: Transport, addresses: Addresses): MatterMethods {
  const upload = async <T>(
    path: string,
    query: Record<string, string> | undefined,
    file: UploadFile,
    options: UploadOptions,
    read: Call<T>["read"],
  ): Promise<T> => {
    const url = addresses.rest(path, query);
    const blob = await uploadBlob(file, `POST ${url.pathname}`);
    return transport.call({
      method: "POST",
      url,
      body: multipartFile(blob, options.fileName ?? "matters.csv"),
      badRequest: plainStringBody,
      read,
      signal: options.signal,
    });
  };
  const cycle = (reviewCycleId: string) => {
    if (typeof reviewCycleId !== "string" || reviewCycleId === "")
      throw new TypeError("reviewCycleId must be the review cycle's id");
    return { reviewCycleId };
  };
  return {
    async upsert(reviewCycleId, file, options = {}) {
      return upload("/matters-csv/upsert", cycle(reviewCycleId), file, options, (response, check) =>
        check.json(response, matterUpsertResultSchema),
      );
    },
    async validateUpsert(file, options = {}) {
      return upload("/matters-csv/validate-upsert", undefined, file, options, (response, check) =>
        check.json(response, matterValidationResultSchema),
      );
    },
    async uploadCsv(reviewCycleId, file, options = {}) {
      await upload(
        "/matters-csv/upload-csv",
        cycle(reviewCycleId),
        file,
        options,
        async (response) => {
          await response.body?.cancel();
        },
      );
    },
    async validateCsv(file, options = {}) {
      return upload("/matters-csv/validate-csv", undefined, file, options, (response, check) =>
        check.json(response, matterValidationResultSchema),
      );
    },
  };
}
