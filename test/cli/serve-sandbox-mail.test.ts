import type { ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_URL } from "../postgres/stores";
import { startServe, stopServe } from "../support/serve";

const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };
const NEW_ADMIN = "new.admin@hartwell.example";

/** Logs in as the sandbox admin; the session cookie. */
async function logIn(root: string): Promise<string> {
  const response = await fetch(`${root}/app/sandbox/admin/auth/`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
  });
  await response.arrayBuffer();
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (cookie === undefined) throw new Error("the sandbox admin's login failed");
  return cookie;
}

/** Imports a new Admin member: its welcome carries an invitation token. */
async function importNewAdmin(rest: string, cookie: string): Promise<void> {
  const form = new FormData();
  form.set(
    "file",
    new Blob([`First Name,Last Name,Email,Role\nNew,Admin,${NEW_ADMIN},ADMIN\n`]),
    "admins.csv",
  );
  const response = await fetch(`${rest}/members/import-csv?product=RECRUIT`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A GET with the exact Host header given (fetch sends the URL's). */
function rawGet(
  port: number,
  path: string,
  host: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path, headers: { host } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

const TOKEN_LINK = /href="([^"]*\/app\/sandbox\/admin\/auth\/invitation\?token=([^"&]+))"/;

describe("rpdi serve's mail page on the memory store", () => {
  let child: ChildProcess;
  let rest: string;
  let root: string;
  let port: number;
  let output: () => string;
  let token: string;

  beforeAll(async () => {
    const started = await startServe([
      "--allowed-host",
      "sandbox.hartwell.test",
      "--log-format",
      "json",
      "--log-level",
      "info",
    ]);
    ({ child, rest, output } = started);
    root = rest.replace(/\/api\/v2$/, "");
    port = Number(new URL(rest).port);
    await importNewAdmin(rest, await logIn(root));
  });
  afterAll(() => stopServe(child));

  it("is printed in the banner and lists the new member's invitation with its link", async () => {
    expect(output()).toContain(`Mail   ${root}/_sandbox/mail`);
    const response = await fetch(`${root}/_sandbox/mail`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    const html = await response.text();
    expect(html).toContain(`>${NEW_ADMIN}<`);
    expect(html).toContain("<code>MEMBER_CREATED</code>");
    const link = TOKEN_LINK.exec(html);
    expect(link?.[1]?.startsWith(`${root}/app/sandbox/admin/auth/invitation?token=`)).toBe(true);
    token = decodeURIComponent(link?.[2] as string);
    expect(token.length).toBeGreaterThanOrEqual(20);
  });

  it("answers 404 to a Host outside loopback, even a name the interface answers (--allowed-host)", async () => {
    const allowed = `sandbox.hartwell.test:${port}`;
    expect((await rawGet(port, "/openapi.json", allowed)).status).toBe(200);
    for (const host of [allowed, `evil.example:${port}`, `192.0.2.10:${port}`]) {
      const answer = await rawGet(port, "/_sandbox/mail", host);
      expect(answer.status, host).toBe(404);
      expect(answer.body).not.toContain(NEW_ADMIN);
    }
    expect((await rawGet(port, "/_sandbox/mail", `localhost:${port}`)).status).toBe(200);
  });

  it("shows the tokens on the page, and the log never holds one, the link followed or not", async () => {
    expect(token).toBeDefined();
    const page = await (await fetch(`${root}/_sandbox/mail`)).text();
    expect(page).toContain(encodeURIComponent(token));
    const link = TOKEN_LINK.exec(page)?.[1]?.replaceAll("&#38;", "&") as string;
    const followed = await fetch(link, { redirect: "manual" });
    await followed.arrayBuffer();
    // Every line the server wrote has been read once it has exited and its output closed.
    await new Promise<void>((resolve) => {
      child.once("close", () => resolve());
      child.kill("SIGTERM");
    });
    const log = output();
    expect(log).toContain('"msg":"request"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });
});

const SCHEMA = `rpdi_sandbox_mail_${process.pid}`;

describe.skipIf(DATABASE_URL === undefined)(
  "rpdi serve's mail page with --database-url (skipped: DATABASE_URL names no server)",
  () => {
    let child: ChildProcess;
    let rest: string;
    let output: () => string;

    beforeAll(async () => {
      ({ child, rest, output } = await startServe([
        "--database-url",
        DATABASE_URL as string,
        "--schema",
        SCHEMA,
      ]));
    }, 120_000);
    afterAll(async () => {
      await stopServe(child);
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
      await pool.end();
    });

    it("is not served, nor printed, though the outbox holds an invitation", async () => {
      const root = rest.replace(/\/api\/v2$/, "");
      expect(output()).not.toContain("/_sandbox/mail");
      await importNewAdmin(rest, await logIn(root));
      const response = await fetch(`${root}/_sandbox/mail`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(NEW_ADMIN);
    });
  },
);
