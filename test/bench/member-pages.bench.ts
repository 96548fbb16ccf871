import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import type { Store } from "../../src/store/port";
import { seededRandom } from "./random";
import { median } from "./timing";

const ORG_ID = "pages";
const PAGE = 333;
const PAGES = 3;

/** Three consecutive pages at one organization size, on both stores. */
export interface MemberPagesPoint {
  members: number;
  memoryMs: number;
  postgresMs: number;
}

export interface MemberPagesFigures {
  /** `"server"` when `DATABASE_URL` named one, else PGlite in this process. */
  postgres: "server" | "PGlite";
  points: MemberPagesPoint[];
  /** Largest organization over smallest: 1 when a page costs its size alone. */
  memoryRatio: number;
  postgresRatio: number;
}

/**
 * `count` members with random ids (hex, as uuids are), two in three on PERFORM: the pages walk
 * PERFORM's holders, so the index must skip the others.
 */
function organization(count: number): OrganizationSnapshot {
  const random = seededRandom(count);
  const hex = () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0");
  return parseOrganizationSnapshot({
    organization: { id: ORG_ID, shortName: ORG_ID, name: "Pages LLP" },
    members: Array.from({ length: count }, (_, index) => ({
      id: `${hex()}-${hex()}-${index}`,
      email: `member.${index}@pages.example`,
      firstName: "Page",
      lastName: `${index}`,
      products:
        index % 3 === 2
          ? [{ product: "RECRUIT", role: "MEMBER" }]
          : [{ product: "PERFORM", role: index % 50 === 0 ? "ADMIN" : "MEMBER" }],
    })),
  });
}

/** Reads three consecutive pages of 333 PERFORM members (each from the last id before it). */
async function threePages(store: Store): Promise<number> {
  const start = performance.now();
  let after: string | null = null;
  for (let page = 0; page < PAGES; page++) {
    const found = await store.transaction(
      ORG_ID,
      async (tx) => {
        const read = tx.listProductMemberPage;
        if (read === undefined) throw new Error("the store reads no pages");
        return read.call(tx, "PERFORM", { after, first: PAGE });
      },
      { readOnly: true },
    );
    if (found.members.length !== PAGE) throw new Error("a page came back short");
    after = (found.members.at(-1) as { id: string }).id;
  }
  return performance.now() - start;
}

/**
 * GraphQL `membersByProduct` pages (`listProductMemberPage`, issue 30) at 2,000, 20,000 and
 * 200,000 members: the memory store, which passes over the product's members for each page, and
 * PostgreSQL (the server at `url`, else PGlite), whose partial indexes in id order walk the page
 * alone. Both stores are timed alternately at each size; medians of `runs`.
 */
export async function benchMemberPages(
  url: string | undefined,
  runs: number,
  sizes: readonly number[] = [2_000, 20_000, 200_000],
): Promise<MemberPagesFigures> {
  const pool = url === undefined ? undefined : new pg.Pool({ connectionString: url, max: 2 });
  const lite = pool === undefined ? new PGlite() : undefined;
  const client = (pool ?? lite) as PostgresClient;
  const points: MemberPagesPoint[] = [];
  try {
    for (const members of sizes) {
      const snapshot = organization(members);
      const schema = `rpdi_pages_${process.pid}_${members}`;
      const postgres = createPostgresStore({ client, schema });
      try {
        await postgres.migrate();
        await postgres.loadSnapshot(snapshot);
        await client.query(`VACUUM ANALYZE "${schema}".members`);
        const memory = createMemoryStore(snapshot);
        const memoryMs: number[] = [];
        const postgresMs: number[] = [];
        for (let run = 0; run < runs + 1; run++) {
          const onMemory = await threePages(memory);
          const onPostgres = await threePages(postgres);
          // The first run warms caches and plans.
          if (run === 0) continue;
          memoryMs.push(onMemory);
          postgresMs.push(onPostgres);
        }
        points.push({ members, memoryMs: median(memoryMs), postgresMs: median(postgresMs) });
      } finally {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      }
    }
  } finally {
    await pool?.end();
    await lite?.close();
  }
  const first = points[0] as MemberPagesPoint;
  const last = points.at(-1) as MemberPagesPoint;
  return {
    postgres: pool === undefined ? "PGlite" : "server",
    points,
    memoryRatio: last.memoryMs / first.memoryMs,
    postgresRatio: last.postgresMs / first.postgresMs,
  };
}
