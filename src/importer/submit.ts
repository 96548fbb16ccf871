import type { Product } from "../domain/products";
import type { MatterUpsertResult } from "../matters/result";
import type { MemberImportResult, MemberValidationResult } from "../members/result";
import type { ImportKind } from "./protocol";
import type { ImporterStrings } from "./strings";

/**
 * The calls of an `rpdi/client` instance the importer makes (`createClient(…)` is one): it posts
 * the file itself and shows the server's answer. Any object with these methods will do.
 */
export interface ImporterClient {
  members: {
    importCsv(
      product: Product,
      file: Blob,
      options?: { fileName?: string },
    ): Promise<MemberImportResult>;
  };
  matters: {
    upsert(
      reviewCycleId: string,
      file: Blob,
      options?: { fileName?: string },
    ): Promise<MatterUpsertResult>;
  };
}

/** What the server answered a submit. */
export type SubmitAnswer =
  | { ok: true; status: 200; body: MemberImportResult | MatterUpsertResult }
  | { ok: false; status: 400; body: MemberValidationResult }
  | { ok: false; status: number | null; message: string };

/** What a submit sends: the file as the check passed it, and where it goes. */
export interface SubmitRequest {
  kind: ImportKind;
  product: Product;
  reviewCycleId: string | null;
  fileName: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Posts the file through the client and reads its answer; never rejects. */
export async function submitThroughClient(
  client: ImporterClient,
  request: SubmitRequest,
): Promise<SubmitAnswer> {
  const file = new Blob([request.bytes], { type: "text/csv" });
  try {
    if (request.kind === "members") {
      const body = await client.members.importCsv(request.product, file, {
        fileName: request.fileName,
      });
      return { ok: true, status: 200, body };
    }
    if (request.reviewCycleId === null)
      return { ok: false, status: null, message: "No review cycle was given for the matters." };
    const body = await client.matters.upsert(request.reviewCycleId, file, {
      fileName: request.fileName,
    });
    return { ok: true, status: 200, body };
  } catch (error) {
    return refusal(error);
  }
}

/** A client error as the importer shows it: a member 400's body is rendered as the check renders its own. */
function refusal(error: unknown): SubmitAnswer {
  const failed = error as { status?: unknown; body?: unknown; message?: unknown };
  const status = typeof failed?.status === "number" ? failed.status : null;
  if (status === 400 && isMemberValidationBody(failed.body))
    return { ok: false, status: 400, body: failed.body };
  const message =
    typeof failed?.body === "string"
      ? failed.body
      : typeof failed?.message === "string"
        ? failed.message
        : String(error);
  return { ok: false, status, message };
}

function isMemberValidationBody(body: unknown): body is MemberValidationResult {
  if (typeof body !== "object" || body === null) return false;
  const candidate = body as { fileError?: unknown; rowColumnErrors?: unknown };
  return "fileError" in candidate && Array.isArray(candidate.rowColumnErrors);
}

/** The words for a 200 answer: its status and how many members or matters it created and updated. */
export function acceptedWords(strings: ImporterStrings, status: number, body: object): string {
  const fields = body as Record<string, unknown>;
  return "createdCount" in fields
    ? strings.serverAccepted(status, Number(fields.createdCount), Number(fields.updatedCount))
    : strings.serverAccepted(status, Number(fields.created), Number(fields.updated));
}
