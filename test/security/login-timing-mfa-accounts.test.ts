import { RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it, vi } from "vitest";
import { type LogInInput, logIn } from "../../src/auth/login";
import { createLoginProtection } from "../../src/auth/login-protection";
import type { PasswordHasher } from "../../src/auth/password";
import { generateTotp } from "../../src/auth/totp";
import { createMemoryStore } from "../../src/memory/store";
import type { Store, StoreTx } from "../../src/store/port";
import { ADMIN, MFA_ADMIN, MFA_SECRET, PASSWORD, SECRET, sandboxSnapshot } from "../http/support";
import { mannWhitneyZ } from "../support/mann-whitney";

/** Every unit of work a login does, in order, by kind (what it reads, hashes, compares, counts). */
const { trace } = vi.hoisted(() => ({ trace: [] as string[] }));

vi.mock("../../src/auth/totp", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/auth/totp")>();
  return {
    ...actual,
    matchTotpStep: (...args: Parameters<typeof actual.matchTotpStep>) => {
      trace.push("totp");
      return actual.matchTotpStep(...args);
    },
  };
});

const NOW = new Date("2026-06-15T12:00:00Z");
const WRONG_CODE = ["000000", "111111", "222222"].find(
  (code) =>
    ![-30_000, 0, 30_000].some(
      (shift) => generateTotp(MFA_SECRET, new Date(NOW.getTime() + shift)) === code,
    ),
) as string;

/** Each method call of `target` is written to the trace as `<label>.<method>`. */
function recorded<T extends object>(
  target: T,
  label: string,
  wrap: Record<string, (value: never) => unknown> = {},
): T {
  return new Proxy(target, {
    get(object, name) {
      const value: unknown = Reflect.get(object, name);
      if (typeof value !== "function" || typeof name !== "string") return value;
      return (...args: unknown[]) => {
        trace.push(`${label}.${name}`);
        const wrapped = args.map((arg, index) => {
          const wrapper = wrap[`${name}:${index}`];
          return wrapper === undefined ? arg : wrapper(arg as never);
        });
        return (value as (...all: unknown[]) => unknown).apply(object, wrapped);
      };
    },
  });
}

/** A hasher of no cost, so the test measures the login's own work. */
const fastHasher: PasswordHasher = {
  hash: async (password) => `fake$${password}`,
  verify: async (password, encoded) => {
    trace.push("hasher.verify");
    return encoded === `fake$${password}`;
  },
};

function setUp() {
  const snapshot = sandboxSnapshot();
  for (const member of snapshot.members ?? [])
    if (member.credentials?.passwordHash) member.credentials.passwordHash = `fake$${PASSWORD}`;
  const store = recorded(createMemoryStore(snapshot) as Store, "store", {
    "transaction:1": (work: (tx: StoreTx) => Promise<unknown>) => (tx: StoreTx) =>
      work(recorded(tx, "tx")),
  });
  const protection = createLoginProtection({
    // Counters that never hold back, so every try takes its full path.
    freeFailures: 1e9,
    clientFailuresPerDay: 1e9,
    accountFailuresPerHour: 1e9,
    codeFailuresPerWindow: 1e9,
    // The password and code budgets are counters of one shape in one table: the same kind of work.
    limiter: (options) =>
      recorded(
        new RateLimiterMemory(options),
        ["rpdi_login_account", "rpdi_login_codes"].includes(options.keyPrefix ?? "")
          ? "account budget"
          : (options.keyPrefix ?? ""),
      ),
  });
  const context = { secret: SECRET, protection, hasher: fastHasher };
  return (input: Partial<LogInInput>) =>
    logIn(
      store,
      {
        shortName: "sandbox",
        email: MFA_ADMIN,
        password: PASSWORD,
        client: "203.0.113.9",
        now: NOW,
        ...input,
      },
      context,
    );
}

describe("a timing hint for MFA accounts: every failed login does the same work, whatever part was wrong", () => {
  const failures: Record<string, Partial<LogInInput>> = {
    "unknown organization": { shortName: "elsewhere" },
    "unknown address": { email: "nobody@hartwell.example" },
    "no MFA, wrong password": { email: ADMIN, password: "guess" },
    "MFA, wrong password, no code": { password: "guess" },
    "MFA, right password, no code": {},
    "MFA, wrong password, wrong code": { password: "guess", mfaCode: WRONG_CODE },
    "MFA, right password, wrong code": { mfaCode: WRONG_CODE },
    "MFA, wrong password, right code": {
      password: "guess",
      mfaCode: generateTotp(MFA_SECRET, NOW),
    },
  };

  it("the same reads, hash checks, TOTP comparisons and counter operations, in the same order, on every failing path", async () => {
    const attempt = setUp();
    for (const input of Object.values(failures)) await attempt(input);
    const traces: Record<string, string[]> = {};
    for (const [path, input] of Object.entries(failures)) {
      trace.length = 0;
      const outcome = await attempt(input);
      expect(outcome.ok).toBe(false);
      traces[path] = [...trace];
    }
    const reference = traces["MFA, right password, no code"] as string[];
    expect(reference).toEqual(
      expect.arrayContaining(["tx.loadMembersByEmail", "hasher.verify", "totp"]),
    );
    for (const path of Object.keys(failures))
      expect({ path, work: traces[path] }).toEqual({ path, work: reference });
  });

  it("the right password with a wrong code is answered no slower than a wrong one: Mann-Whitney |z| < 4 over 200 interleaved tries each", async () => {
    const attempt = setUp();
    const paths = [
      failures["MFA, wrong password, wrong code"],
      failures["MFA, right password, wrong code"],
    ] as const;
    // Counterbalanced: each block of four tries runs the paths as ABBA or BAAB (drawn from the
    // top bit of a seeded LCG). A shuffle of 400 left up to 30 more of one path in the first half,
    // so a drift in speed over the run (the JIT still tiering up, other processes starting on a
    // loaded machine) read as a difference between the paths: z -3 to -4 under load. In blocks,
    // every drift slows both paths alike.
    const order: number[] = [];
    let seed = 29;
    for (let block = 0; block < 100; block++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const first = (seed >>> 30) & 1;
      order.push(first, 1 - first, 1 - first, first);
    }
    for (let warm = 0; warm < 100; warm++) await attempt(paths[warm % 2] ?? {});
    const times: [number[], number[]] = [[], []];
    for (const which of order) {
      const started = performance.now();
      await attempt(paths[which] ?? {});
      times[which as 0 | 1].push(performance.now() - started);
    }
    trace.length = 0;
    // Before the fix (TOTP compared only after the right password) z was 13 to 14; with the same
    // work on both paths it stays within ±2. 4 keeps false alarms under 1 in 10,000 runs.
    expect(Math.abs(mannWhitneyZ(times[0], times[1]))).toBeLessThan(4);
  });
});
