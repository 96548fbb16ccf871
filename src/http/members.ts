import { z } from "zod";
import { generateExampleMemberCsv } from "../members/example-csv";
import { importMembers } from "../members/import";
import { removeProductAccess } from "../members/remove";
import { memberReadFailure } from "../members/sheet";
import { isProduct, PRODUCTS, type Product } from "../store/products";
import { type HttpContext, type Route, withAccess } from "./context";
import { renderImportInstructions } from "./instructions-pdf";
import { readBounded, readUploadedFile } from "./multipart";
import { csv, json, jsonError, pdf } from "./responses";

const BULK_REMOVE_BODY_LIMIT = 10 * 1024 * 1024;

const bulkRemoveBody = z.object({
  product: z.enum(PRODUCTS),
  emails: z.array(z.string()).nullable().optional(),
});

function productParam(value: string | null | undefined): Product | Response {
  if (value === null || value === undefined || !isProduct(value)) {
    return jsonError(400, `product must be one of ${PRODUCTS.join(", ")}.`);
  }
  return value;
}

async function importCsv(context: HttpContext): Promise<Response> {
  const product = productParam(context.url.searchParams.get("product"));
  if (product instanceof Response) return product;
  return withAccess(context, "member-import", product, async (principal) => {
    const upload = await readUploadedFile(context.request);
    if (!upload.ok) return json(400, memberReadFailure(upload.error));
    const outcome = await importMembers(context.settings.store, {
      orgId: principal.organization.id,
      product,
      file: upload.file ?? new Uint8Array(0),
      now: context.now,
      newId: context.settings.newId,
    });
    return json(outcome.ok ? 200 : 400, outcome.result);
  });
}

async function bulkRemove(context: HttpContext): Promise<Response> {
  const body = await readBounded(context.request, BULK_REMOVE_BODY_LIMIT);
  if (!body.ok)
    return jsonError(
      413,
      "The request body is too large; send batches of a few thousand addresses.",
    );
  const raw = new TextDecoder().decode(body.bytes).trim();
  // Some clients drop DELETE bodies: an empty body is an empty list (spec), for an Admin.
  if (raw === "")
    return withAccess(context, "bulk-remove", null, async () => json(200, { removedCount: 0 }));
  let parsed: z.infer<typeof bulkRemoveBody>;
  try {
    parsed = bulkRemoveBody.parse(JSON.parse(raw));
  } catch {
    return jsonError(
      400,
      `The body must be JSON {"product": one of ${PRODUCTS.join(", ")}, "emails": [addresses]}.`,
    );
  }
  return withAccess(context, "bulk-remove", parsed.product, async (principal) =>
    json(
      200,
      await removeProductAccess(context.settings.store, {
        orgId: principal.organization.id,
        product: parsed.product,
        emails: parsed.emails,
      }),
    ),
  );
}

async function exampleCsv(context: HttpContext): Promise<Response> {
  const product = productParam(context.params.product);
  if (product instanceof Response) return product;
  const numRows = context.params.numRows ?? "";
  if (!/^\d{1,9}$/.test(numRows))
    return jsonError(400, "numRows must be a whole number (at most 1000 rows are written).");
  return withAccess(context, "member-files", product, async (principal) =>
    csv(
      generateExampleMemberCsv(principal.organization, product, Number(numRows)),
      `example-${product.toLowerCase()}.csv`,
    ),
  );
}

async function instructions(context: HttpContext): Promise<Response> {
  const product = productParam(context.url.searchParams.get("product"));
  if (product instanceof Response) return product;
  return withAccess(context, "member-files", product, async () =>
    pdf(
      await renderImportInstructions(product),
      `member-import-instructions-${product.toLowerCase()}.pdf`,
    ),
  );
}

export const memberRoutes: Route[] = [
  { method: "POST", path: /^\/api\/v2\/members\/import-csv$/, handle: importCsv },
  { method: "DELETE", path: /^\/api\/v2\/members\/bulk-remove$/, handle: bulkRemove },
  {
    method: "GET",
    path: /^\/api\/v2\/members\/example-csv\/(?<product>[^/]+)\/(?<numRows>[^/]+)$/,
    handle: exampleCsv,
  },
  { method: "GET", path: /^\/api\/v2\/members\/import-instructions\.pdf$/, handle: instructions },
];
