import { describe, expect, it } from "vitest";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot, upload } from "./support";

const CSV = "Matter ID,Matter Name,Client Name\n";

async function handlerWith(deprecation?: { since?: Date; sunset?: Date }) {
  const snapshot = sandboxSnapshot();
  const handler = createHttpHandler({
    store: createMemoryStore(snapshot),
    tokenSecret: SECRET,
    now: () => new Date("2026-06-15T12:00:00Z"),
    ...(deprecation === undefined ? {} : { deprecation }),
  });
  const login = await handler(
    new Request(`${BASE}/app/sandbox/admin/auth/`, {
      method: "POST",
      body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
    }),
  );
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const cycle = (snapshot as { reviewCycles?: { id: string }[] }).reviewCycles?.[0]?.id ?? "";
  const post = (path: string, authenticated = true) =>
    handler(
      new Request(`${BASE}/api/v2/matters-csv/${path}`, {
        method: "POST",
        headers: authenticated ? { cookie, origin: BASE } : {},
        body: upload(CSV),
      }),
    );
  return { post, cycle };
}

describe("deprecated matter endpoints", () => {
  it("answer Deprecation (RFC 9745) and a Link to their successor on every answer, signed in or not", async () => {
    const { post, cycle } = await handlerWith();
    const cases = [
      [`upload-csv?reviewCycleId=${cycle}`, "upsert"],
      ["validate-csv", "validate-upsert"],
    ] as const;
    for (const [path, successor] of cases) {
      for (const authenticated of [true, false]) {
        const response = await post(path, authenticated);
        expect(response.status).toBe(authenticated ? (path === "validate-csv" ? 200 : 400) : 401);
        expect(response.headers.get("deprecation")).toBe("@1795305600");
        expect(response.headers.get("link")).toBe(`<${successor}>; rel="successor-version"`);
        expect(response.headers.get("sunset")).toBeNull();
      }
    }
  });

  it("answer the host's dates: Deprecation as seconds since the epoch, Sunset as an HTTP date", async () => {
    const { post } = await handlerWith({
      since: new Date("2027-01-01T00:00:00Z"),
      sunset: new Date("2027-06-30T00:00:00Z"),
    });
    const response = await post("validate-csv");
    expect(response.headers.get("deprecation")).toBe("@1798761600");
    expect(response.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
  });

  it("leave their successors unmarked", async () => {
    const { post, cycle } = await handlerWith({ sunset: new Date("2027-06-30T00:00:00Z") });
    for (const path of [`upsert?reviewCycleId=${cycle}`, "validate-upsert"]) {
      const response = await post(path);
      expect(response.headers.get("deprecation")).toBeNull();
      expect(response.headers.get("sunset")).toBeNull();
      expect(response.headers.get("link")).toBeNull();
    }
  });
});
