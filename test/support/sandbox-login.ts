/** The bundled sandbox's admin login (printed by `rpdi serve`). */
export const SANDBOX_ADMIN = {
  email: "sandbox.admin@hartwell.example",
  password: "sandbox-password",
} as const;

/**
 * Logs in at a served sandbox's `root` (the origin, without `/api/v2`): the status and the session
 * cookie, `null` when the login failed (a failed login answers 200 too, without a session).
 */
export async function logInToSandbox(
  root: string,
  form: { email: string; password: string },
  init: RequestInit = {},
): Promise<{ status: number; cookie: string | null }> {
  const response = await fetch(`${root}/app/sandbox/admin/auth/`, {
    ...init,
    method: "POST",
    body: new URLSearchParams(form),
  });
  await response.arrayBuffer();
  const pair = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  return { status: response.status, cookie: /=[^;]+/.test(pair) ? pair : null };
}
