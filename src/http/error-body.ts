import { z } from "zod";

/** The `{error}` body of 401, 403 and rpdi's other JSON errors. */
export const errorBodySchema = z.object({ error: z.string() });
/** The body of a JSON error answer (see {@link errorBodySchema}). */
export type ErrorBody = z.infer<typeof errorBodySchema>;
