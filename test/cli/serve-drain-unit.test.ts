import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { describe, expect, it } from "vitest";
import { Drain } from "../../src/cli/serve-drain";

/** A loopback server whose one route waits until the test lets it answer. */
async function heldServer() {
  const drain = new Drain();
  let entered: () => void = () => undefined;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = serve({
    fetch: () =>
      drain.draining
        ? drain.refusal()
        : drain.track(async () => {
            entered();
            await released;
            return new Response("done");
          }),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { drain, server, inside, release, url: `http://127.0.0.1:${port}/` };
}

describe("Drain", () => {
  it("answers a new request 503 with Retry-After and Connection: close, naming nothing internal", async () => {
    const refusal = new Drain().refusal();
    expect(refusal.status).toBe(503);
    expect(refusal.headers.get("retry-after")).toBe("2");
    expect(refusal.headers.get("connection")).toBe("close");
    expect(await refusal.json()).toEqual({
      error:
        "This server is shutting down; nothing was read or written. Retry after 2 seconds (another instance will answer).",
    });
  });

  it("settles true once the request under way is answered, which it is in full", async () => {
    const { drain, server, inside, release, url } = await heldServer();
    const answer = fetch(url);
    await inside;
    const closed = drain.close(server, 60_000);
    expect(drain.draining).toBe(true);
    release();
    const response = await answer;
    expect(await response.text()).toBe("done");
    expect(await closed).toBe(true);
  });

  it("settles false, the connection cut, when the grace runs out first", async () => {
    const { drain, server, inside, url } = await heldServer();
    const answer = fetch(url).then(
      () => "answered",
      () => "cut",
    );
    await inside;
    expect(await drain.close(server, 1)).toBe(false);
    expect(await answer).toBe("cut");
  });
});
