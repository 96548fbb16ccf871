import { type AddressInfo, createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { pointedAtSandbox } from "../../src/cli/serve";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { sandboxSnapshot } from "../http/support";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

const org = join(FIXTURES, "org.json");

describe("rpdi lists", () => {
  it("names each list with its size and the member column it feeds", async () => {
    const { code, out } = await runCliInMemory(["lists", org]);
    expect(code).toBe(ExitCode.VALID);
    expect(out.split("\n")[0]).toMatch(/^LIST\s+VALUES\s+MEMBER COLUMN$/);
    expect(out).toMatch(/\ndepartments\s+6\s+Department\n/);
    expect(out).toMatch(/\nlevels\s+5\s+Level\n/);
  });

  it("prints one list as a table, and as JSON with --json", async () => {
    const offices = await runCliInMemory(["lists", org, "offices"]);
    expect(offices.code).toBe(ExitCode.VALID);
    expect(offices.out).toMatch(/\nLondon\s+United Kingdom\n/);
    expect(offices.out).toContain("over HTTP: GET /api/v2/offices");
    const departments = await runCliInMemory(["lists", org, "departments", "--json"]);
    const parsed: unknown = JSON.parse(departments.out);
    expect(Array.isArray(parsed) && parsed.length).toBe(6);
    expect((parsed as unknown[]).every((value) => typeof value === "string")).toBe(true);
  });

  it("refuses an unknown list with its usage, naming the lists there are", async () => {
    const { code, err } = await runCliInMemory(["lists", org, "__proto__"]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain(
      'unknown list "__proto__"; the lists are offices, departments, practice-areas, law-schools, levels',
    );
  });
});

describe("rpdi --version and file errors", () => {
  it("prints the package's version", async () => {
    const { code, out } = await runCliInMemory(["--version"]);
    const { version } = await import("../../package.json");
    expect([code, out]).toEqual([ExitCode.VALID, `rpdi ${version}\n`]);
  });

  it("names a missing file's error code once", async () => {
    const { code, err } = await runCliInMemory([
      "validate",
      "members",
      "no-such-file.csv",
      "--product",
      "PERFORM",
      "--org",
      org,
    ]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err.split("\n")[0]).toBe(
      "rpdi: cannot read no-such-file.csv: ENOENT: no such file or directory, stat 'no-such-file.csv'",
    );
  });
});

describe("rpdi totp", () => {
  const at = (iso: string) => (io: { now: () => Date }) => {
    io.now = () => new Date(iso);
  };

  it("prints the code an authenticator shows now and how long it stays valid (RFC 6238's SHA-1 vector)", async () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890" at 59 s gives 94287082 (8 digits).
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    const { code, out } = await runCliInMemory(["totp", secret], at("1970-01-01T00:00:59Z"));
    expect([code, out]).toEqual([ExitCode.VALID, "287082  (valid for 1 s more)\n"]);
  });

  it("reads the secret from RPDI_MFA_SECRET when none is given, and refuses one that is not base32", async () => {
    const fromEnv = await runCliInMemory(["totp"], (io) => {
      io.now = () => new Date("1970-01-01T00:00:59Z");
      io.env = (name) =>
        name === "RPDI_MFA_SECRET" ? "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" : undefined;
    });
    expect(fromEnv.out).toBe("287082  (valid for 1 s more)\n");
    const bad = await runCliInMemory(["totp", "not!base32"]);
    expect(bad.code).toBe(ExitCode.USAGE);
    expect(bad.err.split("\n")[0]).toBe(
      "rpdi: the MFA secret must be base32 (letters A–Z and digits 2–7)",
    );
    expect((await runCliInMemory(["totp"])).code).toBe(ExitCode.USAGE);
  });
});

describe("rpdi serve on a port it cannot have", () => {
  it("exits 2 with one readable line when the port is in use", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, err } = await runCliInMemory(["serve", "--port", String(port)]);
      expect([code, err]).toEqual([
        ExitCode.USAGE,
        `rpdi: 127.0.0.1:${port} is already in use; pick another port with --port\n`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe("the sandbox's site", () => {
  it("follows the address served when the seed's site is on this machine, and is left alone otherwise", () => {
    const seed = parseOrganizationSnapshot(sandboxSnapshot());
    const at = (siteUrl: string) =>
      pointedAtSandbox(
        { ...seed, organization: { ...seed.organization, siteUrl } },
        "http://127.0.0.1:9999",
      ).organization.siteUrl;
    expect(at("http://127.0.0.1:8787")).toBe("http://127.0.0.1:9999");
    expect(at("http://localhost:8787/")).toBe("http://127.0.0.1:9999");
    expect(at("https://recruit.example")).toBe("https://recruit.example");
    expect(at("https://127.0.0.1:8443")).toBe("https://127.0.0.1:8443");
  });
});
