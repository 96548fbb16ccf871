import { readBounded } from "./multipart";

/**
 * The named fields of a form body (`application/x-www-form-urlencoded` or `multipart/form-data`),
 * read within the route's body limit; `null` for a body past the limit (the rest is never read). A
 * field sent as a file, and a body that is no form, give no field. The first value of a repeated
 * field counts.
 */
export async function readFormFields<const Name extends string>(
  request: Request,
  names: readonly Name[],
): Promise<Map<Name, string> | null> {
  const fields = new Map<Name, string>();
  const body = await readBounded(request);
  if (!body.ok) return null;
  const type = request.headers.get("content-type") ?? "";
  try {
    const form = await new Response(body.bytes, { headers: { "content-type": type } }).formData();
    for (const name of names) {
      const value = form.get(name);
      if (typeof value === "string") fields.set(name, value);
    }
  } catch {
    // Not a form: no fields.
  }
  return fields;
}
