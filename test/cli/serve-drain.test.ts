import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { startServe } from "../support/serve";

const BOUNDARY = "rpdi-drain-test-boundary";
const MULTIPART = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="m.csv"',
  "Content-Type: text/csv",
  "",
  "First Name,Last Name,Email",
  "Pat,Lee,pat.lee@hartwell.example",
  `--${BOUNDARY}--`,
  "",
].join("\r\n");

/** Everything the socket receives, and a way to wait until it holds `text`. */
function received(socket: Socket) {
  let data = "";
  const waiting: { text: string; resolve: () => void }[] = [];
  socket.on("data", (chunk: Buffer) => {
    data += chunk.toString("latin1");
    for (const wait of waiting.splice(0))
      if (data.includes(wait.text)) wait.resolve();
      else waiting.push(wait);
  });
  return {
    all: () => data,
    until: (text: string) =>
      new Promise<void>((resolve) => {
        if (data.includes(text)) resolve();
        else waiting.push({ text, resolve });
      }),
  };
}

/**
 * Starts an import whose body is held back: `Expect: 100-continue` makes the server say when it
 * has taken the request (Node answers 100 as it hands the request to rpdi), with no clock involved.
 */
async function heldImport(root: URL, cookie: string) {
  const socket = connect(Number(root.port), root.hostname);
  socket.on("error", () => undefined);
  const reply = received(socket);
  socket.write(
    [
      "POST /api/v2/members/import-csv?product=RECRUIT HTTP/1.1",
      `Host: ${root.host}`,
      `Cookie: ${cookie}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${Buffer.byteLength(MULTIPART)}`,
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  await reply.until("100 Continue");
  return { socket, reply };
}

async function loggedIn(rest: string): Promise<{ root: URL; cookie: string }> {
  const root = new URL(rest);
  const login = await fetch(`${root.origin}/app/sandbox/admin/auth/`, {
    method: "POST",
    body: new URLSearchParams({
      email: "sandbox.admin@hartwell.example",
      password: "sandbox-password",
    }),
  });
  return { root, cookie: login.headers.get("set-cookie")?.split(";")[0] as string };
}

/** Resolves once `holds` does, checking as the child's output arrives (no deadline of its own). */
async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((resolve) => setImmediate(resolve));
}

describe("rpdi serve on SIGTERM", () => {
  it("lets an import under way finish with 200, refuses new requests, and exits 0", async () => {
    const { child, rest, output } = await startServe([]);
    const { root, cookie } = await loggedIn(rest);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

    const { socket, reply } = await heldImport(root, cookie);

    child.kill("SIGTERM");
    await until(() => output().includes("rpdi serve: stopping;"));
    // Until the listener has closed, a new request is answered 503 with Connection: close; after
    // that, it is refused. Either tells a client to go elsewhere.
    const late = await fetch(`${root.origin}/readyz`).then(
      (response) => ({
        status: response.status,
        retryAfter: response.headers.get("retry-after"),
        connection: response.headers.get("connection"),
      }),
      () => "refused" as const,
    );
    if (late !== "refused")
      expect(late).toEqual({ status: 503, retryAfter: "2", connection: "close" });

    socket.write(MULTIPART);
    await reply.until("\r\n\r\n{");
    await new Promise<void>((resolve) => socket.once("close", () => resolve()));
    const answer = reply.all().split("HTTP/1.1 ").at(-1) ?? "";
    expect(answer.slice(0, 3)).toBe("200");
    expect(answer).toContain('"createdCount":1');
    expect(await exited).toBe(0);
  });

  it("cuts what is still under way when the grace runs out, and exits 1", async () => {
    const { child, rest, output } = await startServe(["--shutdown-grace-ms", "1"]);
    const { root, cookie } = await loggedIn(rest);
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const { socket } = await heldImport(root, cookie);
    const cut = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    child.kill("SIGTERM");
    await cut;
    expect(await exited).toBe(1);
    expect(output()).toContain("rpdi serve: requests still under way after 1 ms were cut");
  });
});
