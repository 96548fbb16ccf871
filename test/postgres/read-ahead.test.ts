import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import type { WelcomeEmail } from "../../src/domain/welcome-email";
import {
  type BulkColumns,
  type BulkConnection,
  type CopyData,
  insertRows,
  Pipeline,
  rowSource,
} from "../../src/postgres/bulk";
import { writeMembers } from "../../src/postgres/members-sql";
import { readAhead } from "../../src/postgres/read-ahead";
import { nextTurn } from "../../src/runtime/pace";
import { ROWS_PER_STEP } from "../../src/runtime/steps";
import { withClockOfReads } from "../support/turns";

/** A source of `pieces` that counts how many were made and whether it was ended early. */
function counted(pieces: readonly string[], failAt?: number) {
  const seen = { made: 0, ended: false };
  async function* source() {
    try {
      for (const [index, piece] of pieces.entries()) {
        if (index === failAt) throw new Error("the row could not be written");
        await nextTurn();
        seen.made++;
        yield piece;
      }
    } finally {
      seen.ended = true;
    }
  }
  return { source: source(), seen };
}

async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn++) await nextTurn();
}

async function readAll(pieces: AsyncIterable<string>): Promise<string[]> {
  const read: string[] = [];
  for await (const piece of pieces) read.push(piece);
  return read;
}

describe("COPY text read ahead", () => {
  it("property: the reader gets every piece, in order, whatever the limit (0 too) and however the reader is paced", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.nat(3), { maxLength: 30 }),
        async (pieces, limit, pauses) => {
          const ahead = readAhead(counted(pieces).source, limit);
          const read: string[] = [];
          for await (const piece of ahead) {
            read.push(piece);
            await turns(pauses[read.length % Math.max(pauses.length, 1)] ?? 0);
          }
          expect(read).toEqual(pieces);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("makes pieces before the reader asks, up to the limit, and the next only once the reader takes one", async () => {
    const { source, seen } = counted(["aaaa", "bbbb", "cccc", "dddd", "eeee"]);
    const ahead = readAhead(source, 10)[Symbol.asyncIterator]();
    await turns(20);
    // 4 + 4 < 10, so a third piece is made; 12 characters wait for the reader.
    expect(seen.made).toBe(3);
    expect((await ahead.next()).value).toBe("aaaa");
    await turns(20);
    expect(seen.made).toBe(4);
    expect((await ahead.next()).value).toBe("bbbb");
    expect((await ahead.next()).value).toBe("cccc");
    expect((await ahead.next()).value).toBe("dddd");
    expect((await ahead.next()).value).toBe("eeee");
    expect((await ahead.next()).done).toBe(true);
  });

  it("hands the reader the pieces made before the source failed, then the failure", async () => {
    const { source } = counted(["a", "b", "c"], 2);
    const ahead = readAhead(source, 100);
    await turns(10);
    const read: string[] = [];
    await expect(
      (async () => {
        for await (const piece of ahead) read.push(piece);
      })(),
    ).rejects.toThrow("the row could not be written");
    expect(read).toEqual(["a", "b"]);
  });

  it("ends the source when the reader stops early (a refused COPY), making nothing more", async () => {
    const { source, seen } = counted(["a", "b", "c", "d", "e", "f"]);
    const ahead = readAhead(source, 2);
    for await (const piece of ahead) if (piece === "b") break;
    await turns(20);
    expect(seen.ended).toBe(true);
    expect(seen.made).toBeLessThanOrEqual(4);
  });

  it("ends the source on stop(), when the statement whose text it was will not run", async () => {
    const { source, seen } = counted(["a", "b", "c", "d", "e", "f"]);
    const ahead = readAhead(source, 2);
    await turns(20);
    expect(seen.made).toBe(2);
    ahead.stop();
    await turns(20);
    expect(seen.ended).toBe(true);
    expect(seen.made).toBe(2);
  });

  it("fails a reader still reading when stop() comes, never ending a text cut short", async () => {
    const { source, seen } = counted(["a", "b", "c", "d", "e", "f"]);
    const ahead = readAhead(source, 1);
    const reader = ahead[Symbol.asyncIterator]();
    expect((await reader.next()).value).toBe("a");
    ahead.stop();
    const rest = async () => {
      for (;;) if ((await reader.next()).done) return;
    };
    await expect(rest()).rejects.toThrow("stopped before its last row");
    expect(seen.ended).toBe(true);
    expect(seen.made).toBeLessThan(6);
  });

  it("takes a turn of the host's loop while it makes an unpaced source's pieces", async () => {
    let made = 0;
    async function* unpaced() {
      for (let piece = 0; piece < 50; piece++) {
        made++;
        yield `row ${piece}\n`;
      }
    }
    const madeAtFirstTurn = await withClockOfReads(async () => {
      const ahead = readAhead(unpaced());
      const atTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(made)));
      await readAll(ahead);
      return atTurn;
    });
    expect(made).toBe(50);
    expect(madeAtFirstTurn).toBeLessThan(50);
  });

  it("reads a source that makes nothing as an empty text", async () => {
    expect(await readAll(readAhead(counted([]).source))).toEqual([]);
  });
});

/** Members whose rows note in `events` when their COPY text is made (it reads the id first). */
function watchedMembers(prefix: string, count: number, events: string[]): Member[] {
  const { members } = parseOrganizationSnapshot({
    organization: { id: "org-ahead", shortName: "ahead", name: "Ahead LLP" },
    members: Array.from({ length: count }, (_, index) => ({
      id: `${prefix}-${index}`,
      email: `${prefix}.${index}@ahead.example`,
      firstName: "A",
      lastName: `${index}`,
      products: [{ product: "PERFORM", role: "MEMBER" }],
    })),
  });
  return members.map((member) => {
    const id = member.id;
    return Object.defineProperty({ ...member }, "id", {
      enumerable: true,
      get: () => {
        events.push(`${prefix} row made`);
        return id;
      },
    });
  });
}

/**
 * A connection whose statements each take a few turns of the loop, noting when they run and the
 * most that were ever in flight at once.
 */
function slowConnection(events: string[], inFlight = { now: 0, most: 0 }): BulkConnection {
  const statement = async (name: string, data?: CopyData) => {
    inFlight.most = Math.max(inFlight.most, ++inFlight.now);
    events.push(`${name} sent`);
    if (data !== undefined) for await (const _ of data);
    await turns(30);
    inFlight.now--;
    events.push(`${name} done`);
  };
  const nameOf = (sql: string) => /^\s*(\w+(?: \w+)?)/.exec(sql)?.[1] ?? sql;
  return {
    copyFromRows: 1,
    async query(sql: string) {
      if (/relpages/.test(sql)) return { rows: [{ relpages: 1000 }], rowCount: 1 };
      await statement(nameOf(sql));
      return { rows: [{ n: 0 }], rowCount: 1 };
    },
    copyFrom: (sql, data) => statement(sql.split(" (")[0] ?? sql, data),
  } as BulkConnection;
}

describe("a member write on a pipeline", () => {
  it("makes the updated members' COPY text while the welcome emails are written, before the update runs", async () => {
    const events: string[] = [];
    // More than two pieces of rows each, so the whole text, not its first piece, is made early.
    const rows = 2 * ROWS_PER_STEP + 88;
    const updates = watchedMembers("updated", rows, events);
    const creates = watchedMembers("created", rows, events);
    const inFlight = { now: 0, most: 0 };
    const welcomeEmails: WelcomeEmail[] = [
      {
        id: "w-1",
        memberId: "created-0",
        email: "created.0@ahead.example",
        firstName: "A",
        lastName: "0",
        product: "PERFORM",
        reason: "MEMBER_CREATED",
        createdAt: "2026-11-28T00:00:00.000Z",
        token: null,
        tokenExpiresAt: null,
      },
    ];
    const pipeline = new Pipeline();
    const connection = slowConnection(events, inFlight);
    await writeMembers(connection, "s", "org-ahead", { creates, updates, welcomeEmails }, pipeline);
    await pipeline.drain();
    const emailsDone = events.indexOf("COPY s.welcome_emails done");
    expect(events.indexOf("COPY s.welcome_emails sent")).toBe(0);
    expect(events.lastIndexOf("updated row made")).toBeLessThan(emailsDone);
    // The created members' text is made while the update runs, not after it.
    const updateDone = events.indexOf("WITH changed done");
    expect(updateDone).toBeGreaterThan(emailsDone);
    expect(events.lastIndexOf("created row made")).toBeLessThan(updateDone);
    expect(events.indexOf("COPY s.members sent")).toBeGreaterThan(updateDone);
    expect(events.filter((event) => event === "updated row made")).toHaveLength(rows);
    expect(inFlight.most).toBe(1);
  });

  /** Columns of `count` rows whose COPY text counts the rows made. */
  function countedColumns(count: number) {
    const made = { rows: 0 };
    const columns: BulkColumns = {
      names: ["id"],
      types: ["text"],
      values: [],
      rows: count,
      line: (row) => {
        made.rows++;
        return `r${row}`;
      },
    };
    return { columns, made };
  }

  /** Once stopped, at most the piece being made when the stop came is added, never the rest. */
  async function expectMakingStopped(made: { rows: number }, atStop: number): Promise<void> {
    await turns(50);
    expect(made.rows).toBeLessThanOrEqual(atStop + ROWS_PER_STEP);
    expect(made.rows).toBeLessThan(20 * ROWS_PER_STEP);
  }

  it("stops making a COPY's text when a statement before it failed", async () => {
    const { columns, made } = countedColumns(20 * ROWS_PER_STEP);
    const pipeline = new Pipeline();
    await pipeline.send(() => Promise.reject(new Error("duplicate key")));
    const atFailure = await withClockOfReads(async () => {
      await expect(
        insertRows(slowConnection([]), "s.t", { names: [], values: [] }, columns, pipeline),
      ).rejects.toThrow("duplicate key");
      return made.rows;
    });
    await expectMakingStopped(made, atFailure);
  });

  it("stops making a COPY's text when the server refuses the COPY before reading it", async () => {
    const { columns, made } = countedColumns(20 * ROWS_PER_STEP);
    const connection = {
      copyFromRows: 1,
      query: async () => ({ rows: [], rowCount: 0 }),
      copyFrom: () => Promise.reject(new Error("canceling statement due to lock timeout")),
    } as unknown as BulkConnection;
    const pipeline = new Pipeline();
    const atRefusal = await withClockOfReads(async () => {
      await rowSource(connection, columns, 1, pipeline);
      await expect(pipeline.drain()).rejects.toThrow("lock timeout");
      return made.rows;
    });
    await expectMakingStopped(made, atRefusal);
  });
});
