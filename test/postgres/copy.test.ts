import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { importMembers } from "../../src/members/import";
import { createPostgresStore } from "../../src/postgres/adapter";
import { type CopyData, copyFromOf, copyValue } from "../../src/postgres/bulk";
import type { PostgresClient } from "../../src/postgres/client";
import { withNamedTokens } from "../support/account-tokens";
import { describeOnServer, pgliteClient } from "./stores";

describe("COPY text format", () => {
  it("writes NULL as \\N, escapes backslash, newline, carriage return and tab, and keeps the rest", () => {
    expect(copyValue(null)).toBe("\\N");
    expect(copyValue(undefined)).toBe("\\N");
    expect(copyValue("")).toBe("");
    expect(copyValue("\\N")).toBe("\\\\N");
    expect(copyValue('a\tb\nc\rd\\e"f,g')).toBe('a\\tb\\nc\\rd\\\\e"f,g');
    expect(copyValue(true)).toBe("t");
    expect(copyValue(12.5)).toBe("12.5");
  });
});

/** Text with what COPY's format must escape or keep apart: tabs, newlines, backslashes, `\N`. */
const awkward = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom("", "\\N", "\\", "\t", "\n", "\r\n", '"', "'", "a,b", "é 漢字 🙂", " \\t "),
  fc
    .array(fc.constantFrom("a", "\\", "\t", "\n", "\r", '"', "N", "ü", "🙂", ",", " "), {
      maxLength: 10,
    })
    .map((parts) => parts.join("")),
);
const optional = fc.option(awkward, { nil: null });

const organization = { id: "org-copy", shortName: "copy", name: "Copy & Co" };

/** An organization whose members, education and matters hold awkward text in every free column. */
const snapshots = fc
  .array(
    fc.record({
      firstName: awkward,
      lastName: awkward,
      employeeId: optional,
      jobTitle: optional,
      bioLink: optional,
      lawSchool: optional,
      mentor: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((rows) =>
    fc.record({
      rows: fc.constant(rows),
      matterName: awkward,
      description: optional,
    }),
  )
  .map(({ rows, matterName, description }) =>
    parseOrganizationSnapshot({
      organization,
      members: rows.map((row, n) => ({
        id: `m-${n}`,
        email: `m${n}@copy.example`,
        firstName: row.firstName,
        lastName: row.lastName,
        employeeId: row.employeeId,
        jobTitle: row.jobTitle,
        bioLink: row.bioLink,
        managerId: n === 0 ? null : "m-0",
        mentorIds: row.mentor && n > 0 ? ["m-0"] : [],
        education: [
          { lawSchool: row.lawSchool, graduationYear: row.lawSchool === null ? null : 2010 },
        ],
        products: [{ product: "PERFORM", role: "MEMBER" }],
      })),
      reviewCycles: [
        {
          id: "cycle-1",
          name: "2026",
          clientMatters: [
            {
              id: "cm-1",
              matterId: "M-1",
              clientName: "Client\twith tab",
              matterName,
              description,
              entries: rows.map((_, n) => ({
                id: `e-${n}`,
                attorneyEmail: `m${n}@copy.example`,
                billingAttorneyEmail: "m0@copy.example",
                startDate: null,
                endDate: null,
                hoursBilled: n + 0.25,
              })),
            },
          ],
        },
      ],
    }),
  );

let stores = 0;
async function withStores(
  client: PostgresClient,
  work: (
    copy: ReturnType<typeof createPostgresStore>,
    arrays: ReturnType<typeof createPostgresStore>,
  ) => Promise<void>,
): Promise<void> {
  const schemas = [`rpdi_copy_${process.pid}_${++stores}`, `rpdi_unnest_${process.pid}_${stores}`];
  const copy = createPostgresStore({ client, schema: schemas[0], copyFromRows: 0 });
  const arrays = createPostgresStore({ client, schema: schemas[1], copyFromRows: Infinity });
  await copy.migrate();
  await arrays.migrate();
  try {
    await work(copy, arrays);
  } finally {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  }
}

function properties(client: () => PostgresClient) {
  it("a snapshot written by COPY and by unnest arrays exports the same, exactly as it went in (tabs, newlines, backslashes, quotes, unicode, NULL apart from empty)", async () => {
    await withStores(client(), async (copy, arrays) => {
      await fc.assert(
        fc.asyncProperty(snapshots, async (snapshot: OrganizationSnapshot) => {
          await copy.loadSnapshot(snapshot);
          await arrays.loadSnapshot(snapshot);
          const byCopy = await copy.exportSnapshot(organization.id);
          expect(byCopy).toEqual(await arrays.exportSnapshot(organization.id));
          expect(byCopy?.members).toEqual(snapshot.members);
          expect(byCopy?.reviewCycles).toEqual(snapshot.reviewCycles);
        }),
        { numRuns: 25 },
      );
    });
  }, 120_000);

  it("an import by COPY stores what the same import by unnest arrays stores", async () => {
    await withStores(client(), async (copy, arrays) => {
      const file = [
        "First Name,Last Name,Email,Job Title,Employee ID,Manager Email",
        'Ada,Lovelace,ada@copy.example,"Back\\slash ""quoted"", too",,',
        "Grace,Hopper,grace@copy.example,,\\N,ada@copy.example",
        "Émile,Zoë 🙂,emile@copy.example,漢字,E-1,grace@copy.example",
      ].join("\n");
      let id = 0;
      for (const store of [copy, arrays]) {
        id = 0;
        await store.loadSnapshot(parseOrganizationSnapshot({ organization }));
        const outcome = await importMembers(store, {
          orgId: organization.id,
          product: "PERFORM",
          file,
          now: new Date("2026-06-15T12:00:00Z"),
          newId: () => `id-${++id}`,
        });
        expect(outcome.ok ? true : outcome.result).toBe(true);
      }
      const stored = await copy.exportSnapshot(organization.id);
      // Each created member's invitation token is random: compared by the order they appear.
      expect(withNamedTokens(stored)).toEqual(
        withNamedTokens(await arrays.exportSnapshot(organization.id)),
      );
      expect(stored?.accountTokens).toHaveLength(3);
      expect(stored?.members.map((member) => member.lastName)).toEqual([
        "Lovelace",
        "Hopper",
        "Zoë 🙂",
      ]);
      expect(stored?.members[0]?.jobTitle).toBe('Back\\slash "quoted", too');
      expect(stored?.members[1]?.employeeId).toBe("\\N");
    });
  }, 60_000);
}

/**
 * A COPY on a `pg` connection driven by hand: the submittable `pg` would be given, and a protocol
 * connection that records what is written to the server, so each answer can come at any moment.
 */
function copyByHand(pieces: CopyData) {
  const written: string[] = [];
  const protocol = {
    chunks: written,
    ends: 0,
    fails: [] as string[],
    sendCopyFromChunk: (chunk: Buffer) => written.push(chunk.toString("utf8")),
    endCopyFrom: () => {
      protocol.ends++;
    },
    sendCopyFail: (message: string) => protocol.fails.push(message),
  };
  let submitted: Record<string, (...args: unknown[]) => void> | undefined;
  const copy = copyFromOf({
    connection: protocol,
    query: (query: Record<string, (...args: unknown[]) => void>) => {
      submitted = query;
    },
  });
  const done = copy?.("COPY t (a) FROM STDIN", pieces);
  done?.catch(() => undefined);
  if (submitted === undefined || done === undefined) throw new Error("no COPY was submitted");
  const query = submitted;
  return {
    protocol,
    done,
    serverAsks: () => query.handleCopyInResponse?.(protocol),
    fails: (error: Error) => query.handleError?.(error, protocol),
    completes: () => {
      query.handleCommandComplete?.();
      query.handleReadyForQuery?.();
    },
  };
}

const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe("COPY on a pg connection, in pieces", () => {
  // 40 pieces of 100 KiB: a turn of the loop comes after every third piece or so.
  const pieces = Array.from(
    { length: 40 },
    (_, piece) => `${String(piece).padStart(102_399, "x")}\n`,
  );

  it("writes every piece in order, then CopyDone, and resolves when the server is ready", async () => {
    const copy = copyByHand(pieces);
    copy.serverAsks();
    await turns(40);
    expect(copy.protocol.chunks.join("")).toBe(pieces.join(""));
    expect(copy.protocol.ends).toBe(1);
    copy.completes();
    await expect(copy.done).resolves.toBeUndefined();
    expect(copy.protocol.fails).toEqual([]);
  });

  it("streams pieces made as they are sent: each piece is made only after the one before it was written, and none before the server asks", async () => {
    const events: string[] = [];
    async function* made() {
      for (const [index, piece] of pieces.entries()) {
        events.push(`made ${index}`);
        yield piece;
      }
    }
    const copy = copyByHand(made());
    const written = copy.protocol.sendCopyFromChunk;
    copy.protocol.sendCopyFromChunk = (chunk: Buffer) => {
      events.push(`written ${copy.protocol.chunks.length}`);
      return written(chunk);
    };
    await turns(5);
    expect(events).toEqual([]);
    copy.serverAsks();
    await turns(40);
    expect(events).toEqual(pieces.flatMap((_, index) => [`made ${index}`, `written ${index}`]));
    expect(copy.protocol.chunks.join("")).toBe(pieces.join(""));
    expect(copy.protocol.ends).toBe(1);
    copy.completes();
    await expect(copy.done).resolves.toBeUndefined();
  });

  it("writes nothing more once the server refused the COPY, and never CopyDone", async () => {
    const copy = copyByHand(pieces);
    copy.serverAsks();
    await turns(2);
    const before = copy.protocol.chunks.length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(pieces.length);
    const refusal = Object.assign(new Error("duplicate key"), { code: "23505" });
    copy.fails(refusal);
    await expect(copy.done).rejects.toBe(refusal);
    await turns(40);
    expect(copy.protocol.chunks).toHaveLength(before);
    expect(copy.protocol.ends).toBe(0);
  });

  it("ends the server's COPY with CopyFail, once, when it is abandoned while the data is written (pg's query_timeout)", async () => {
    const copy = copyByHand(pieces);
    copy.serverAsks();
    await turns(2);
    const before = copy.protocol.chunks.length;
    copy.fails(new Error("Query read timeout"));
    await expect(copy.done).rejects.toThrow("Query read timeout");
    await turns(40);
    expect(copy.protocol.fails).toEqual(["Query read timeout"]);
    expect(copy.protocol.ends).toBe(0);
    expect(copy.protocol.chunks).toHaveLength(before);
  });

  it("ends the server's COPY with CopyFail when it was abandoned before the server asked for data", async () => {
    const copy = copyByHand(pieces);
    copy.fails(new Error("Query read timeout"));
    await expect(copy.done).rejects.toThrow("Query read timeout");
    expect(copy.protocol.fails).toEqual([]);
    copy.serverAsks();
    await turns(5);
    expect(copy.protocol.fails).toHaveLength(1);
    expect(copy.protocol.chunks).toEqual([]);
    expect(copy.protocol.ends).toBe(0);
  });
});

describe("bulk writes by COPY on PGlite", () => {
  properties(() => pgliteClient());
});

describeOnServer("bulk writes by COPY on the PostgreSQL server", (pool) => {
  properties(pool);

  it("a failed COPY rejects with the server's error (its SQLSTATE kept) and leaves the connection usable", async () => {
    const connection = await pool().connect();
    try {
      const copy = copyFromOf(connection);
      expect(copy).toBeDefined();
      await connection.query("BEGIN");
      await connection.query(
        "CREATE TEMPORARY TABLE copy_check (a int PRIMARY KEY) ON COMMIT DROP",
      );
      await copy?.("COPY copy_check (a) FROM STDIN", ["1\n", "2\n"]);
      await expect(copy?.("COPY copy_check (a) FROM STDIN", ["3\n1\n"])).rejects.toMatchObject({
        code: "23505",
      });
      await connection.query("ROLLBACK");
      expect((await connection.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      connection.release();
    }
  });

  it("a COPY of many pieces, written across turns of the loop, stores every row; one the server refuses early rejects with its SQLSTATE and leaves the connection usable", async () => {
    const connection = await pool().connect();
    // Pieces of 1,000 rows, about 7 MB in all: many more bytes than one turn writes.
    const pieces = (from: number, count: number) =>
      Array.from({ length: count }, (_, piece) => {
        const lines: string[] = [];
        for (let row = 0; row < 1000; row++) lines.push(`${from + piece * 1000 + row}\n`);
        return lines.join("");
      });
    try {
      const copy = copyFromOf(connection);
      await connection.query("BEGIN");
      await connection.query(
        "CREATE TEMPORARY TABLE copy_pieces (a int PRIMARY KEY) ON COMMIT DROP",
      );
      await copy?.("COPY copy_pieces (a) FROM STDIN", pieces(0, 1000));
      expect((await connection.query("SELECT count(*)::int AS n FROM copy_pieces")).rows).toEqual([
        { n: 1_000_000 },
      ]);
      // The second piece repeats a stored row: the server refuses while pieces are still due.
      const failing = pieces(2_000_000, 1000);
      failing[1] = "5\n";
      await expect(copy?.("COPY copy_pieces (a) FROM STDIN", failing)).rejects.toMatchObject({
        code: "23505",
      });
      await connection.query("ROLLBACK");
      expect((await connection.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await connection.query("SELECT 2 AS two")).rows).toEqual([{ two: 2 }]);
    } finally {
      connection.release();
    }
  });
});
