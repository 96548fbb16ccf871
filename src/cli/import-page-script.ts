/**
 * The sandbox import page's script (`/import/page.js`), bundled for the browser with `rpdi/client`
 * inside: the sign-in form creates a client with the admin's credentials (the browser keeps the
 * session cookie), reads the rules' inputs, and hands both to `<rpdi-importer>`, whose module is
 * loaded from beside this one.
 */
import { createClient } from "../client/create-client";
import type * as Importer from "../importer/index";

const form = document.getElementById("rpdi-login") as HTMLFormElement;
const status = document.getElementById("rpdi-login-status") as HTMLElement;
const importer = document.querySelector("rpdi-importer") as HTMLElement;

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void signIn(new FormData(form));
});

async function signIn(fields: FormData): Promise<void> {
  const org = String(fields.get("org") ?? "");
  const origin = window.location.origin;
  status.textContent = "Signing in…";
  try {
    const client = createClient({
      baseUrl: `${origin}/api/v2`,
      apiUrl: origin,
      loginUrl: `${origin}/app/${encodeURIComponent(org)}/admin/auth/`,
      credentials: {
        email: String(fields.get("email") ?? ""),
        password: String(fields.get("password") ?? ""),
      },
      cookies: "browser",
    });
    await client.logIn();
    const answer = await fetch(`/import/context.json`, {
      credentials: "same-origin",
    });
    if (!answer.ok) throw new Error(`the organization's data answered ${answer.status}`);
    const context = (await answer.json()) as Importer.ImporterContext;
    const module = (await import(
      new URL("./importer.js", import.meta.url).href
    )) as typeof Importer;
    module.defineRpdiImporter();
    const element = importer as Importer.RpdiImporter;
    element.context = context;
    element.client = client;
    form.hidden = true;
    element.hidden = false;
    status.textContent = `Signed in to ${org}. Choose a file to import.`;
    element.shadowRoot?.querySelector<HTMLElement>("input[type=file]")?.focus();
  } catch (error) {
    status.textContent = `Not signed in: ${error instanceof Error ? error.message : String(error)}`;
  }
}
