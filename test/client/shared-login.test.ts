import { describe, expect, it } from "vitest";
import { createClient } from "../../src/client/index";

describe("a login shared by concurrent calls", () => {
  it("one caller aborting stops its own wait; the login goes on for the others, once", async () => {
    let releaseLogin: () => void = () => undefined;
    const loginAnswered = new Promise<void>((resolve) => {
      releaseLogin = resolve;
    });
    const posts: string[] = [];
    const client = createClient({
      baseUrl: "https://service.example/api/v2",
      loginUrl: "https://service.example/app/firm/admin/auth/",
      credentials: { email: "api@firm.example", password: "secret-password" },
      fetch: async (input, init) => {
        const url = new URL(String(input));
        posts.push(`${init?.method} ${url.pathname}`);
        if (url.pathname.endsWith("/auth/")) {
          await loginAnswered;
          return new Response("", {
            status: 200,
            headers: { "set-cookie": "SERVICEAUTH=token; Path=/; HttpOnly" },
          });
        }
        const cookie = new Headers(init?.headers).get("cookie");
        return cookie === "SERVICEAUTH=token"
          ? Response.json(["Tax"])
          : Response.json({ error: "no session" }, { status: 401 });
      },
    });
    const controller = new AbortController();
    const aborted = client.lists.departments({ signal: controller.signal });
    const waiting = client.lists.departments();
    controller.abort(new Error("the caller gave up"));
    await expect(aborted).rejects.toThrow("the caller gave up");
    releaseLogin();
    expect(await waiting).toEqual(["Tax"]);
    expect(posts.filter((post) => post.startsWith("POST"))).toHaveLength(1);
  });
});
