import type { MatterRuleSet } from "../matters/rule-sets";
import { matterReadFailure } from "../matters/sheet";
import { uploadMattersLegacy } from "../matters/upload-legacy";
import { upsertMatters, validateMattersFile } from "../matters/upsert";
import { type HttpContext, isUuid, type Route, withAccess } from "./context";
import { readUploadedFile, type Upload } from "./multipart";
import { json, jsonError, text } from "./responses";

/** The upload's file, or the description of why it could not be read (a file-level error). */
async function fileOf(context: HttpContext): Promise<{ file: Uint8Array } | { problem: string }> {
  const upload: Upload = await readUploadedFile(context.request);
  return upload.ok ? { file: upload.file ?? new Uint8Array(0) } : { problem: upload.error.message };
}

function reviewCycleId(context: HttpContext): string | Response {
  const id = context.url.searchParams.get("reviewCycleId");
  if (id === null || !isUuid(id)) return text(400, "reviewCycleId is required and must be a UUID.");
  return id;
}

/**
 * The prelude the two writing endpoints share: Perform Admin, a UUID `reviewCycleId`, a readable
 * file (all plain-text 400s otherwise), then `work` with the organization, cycle and file.
 */
function writingMatters(
  work: (
    orgId: string,
    reviewCycleId: string,
    file: Uint8Array,
    context: HttpContext,
  ) => Promise<Response>,
) {
  return (context: HttpContext) =>
    withAccess(context, "matters", null, async (principal) => {
      const cycle = reviewCycleId(context);
      if (cycle instanceof Response) return cycle;
      const upload = await fileOf(context);
      if ("problem" in upload) return text(400, upload.problem);
      return work(principal.organization.id, cycle, upload.file, context);
    });
}

const upsert = writingMatters(async (orgId, reviewCycleId, file, context) => {
  const outcome = await upsertMatters(context.settings.store, {
    orgId,
    reviewCycleId,
    file,
    newId: context.settings.newId,
  });
  if (outcome.ok) return json(200, outcome.result);
  if (outcome.reason === "REVIEW_CYCLE_NOT_FOUND")
    return jsonError(404, `No review cycle with id ${reviewCycleId}.`);
  return text(400, outcome.text);
});

const uploadLegacy = writingMatters(async (orgId, reviewCycleId, file, context) => {
  const outcome = await uploadMattersLegacy(context.settings.store, {
    orgId,
    reviewCycleId,
    file,
    newId: context.settings.newId,
  });
  if (outcome.ok) return text(200, "");
  switch (outcome.reason) {
    case "REVIEW_CYCLE_NOT_FOUND":
      return jsonError(404, `No review cycle with id ${reviewCycleId}.`);
    case "CONFLICT":
      return jsonError(
        409,
        "The file would give an existing (Matter ID, Client Name, Attorney Email) a second entry; use the upsert endpoint.",
      );
    case "INVALID_FILE":
      // The deprecated endpoint gives no row detail (spec).
      return text(
        400,
        outcome.validation.fileError?.description ??
          "The file has invalid rows; nothing was written.",
      );
  }
});

function validator(ruleSet: MatterRuleSet) {
  return (context: HttpContext) =>
    withAccess(context, "matters", null, async (principal) => {
      const upload = await readUploadedFile(context.request);
      if (!upload.ok && upload.error.code === "TOO_LARGE")
        return json(200, matterReadFailure(upload.error));
      const file = upload.ok ? (upload.file ?? new Uint8Array(0)) : new Uint8Array(0);
      return json(
        200,
        await validateMattersFile(context.settings.store, {
          orgId: principal.organization.id,
          file,
          ruleSet,
        }),
      );
    });
}

export const matterRoutes: Route[] = [
  { method: "POST", path: /^\/api\/v2\/matters-csv\/upsert$/, handle: upsert },
  {
    method: "POST",
    path: /^\/api\/v2\/matters-csv\/validate-upsert$/,
    handle: validator("upsert"),
  },
  { method: "POST", path: /^\/api\/v2\/matters-csv\/upload-csv$/, handle: uploadLegacy },
  { method: "POST", path: /^\/api\/v2\/matters-csv\/validate-csv$/, handle: validator("legacy") },
];
