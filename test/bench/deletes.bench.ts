import pg from "pg";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { deleteMember } from "../../src/members/operations";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";

const ORG = "bench-deletes";

/** An organization of `count` members, each managed by one of the first hundred and mentored by two. */
function organizationOf(count: number, prefix: string): OrganizationSnapshot {
  return parseOrganizationSnapshot({
    organization: { id: ORG, shortName: ORG, name: "Delete bench" },
    members: Array.from({ length: count }, (_, n) => ({
      id: `${prefix}-${n}`,
      email: `${prefix}.${n}@bench.example`,
      firstName: "Bench",
      lastName: `Member ${n}`,
      managerId: n < 100 ? null : `${prefix}-${n % 100}`,
      mentorIds: n < 100 ? [] : [`${prefix}-${(n + 1) % 100}`, `${prefix}-${(n + 2) % 100}`],
      products: [{ product: "PERFORM", role: "MEMBER" }],
    })),
  });
}

export interface DeleteFigures {
  label: string;
  postgresMs: number;
  memoryMs: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function figuresOn(store: Store, members: number): Promise<number[]> {
  await store.loadSnapshot(organizationOf(members, "m"));
  // As the write benchmarks do: the load's post-commit statistics are done, and the delete is
  // timed on a warm connection, the median of five members, not on the pool's first connect.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const singles: number[] = [];
  for (let n = 0; n < 5; n++)
    singles.push(await timed(() => deleteMember(store, { orgId: ORG, memberId: `m-${5000 + n}` })));
  const one = singles.sort((a, b) => a - b)[2] as number;
  const ids = Array.from({ length: 2000 }, (_, n) => `m-${10_000 + n}`);
  const many = await timed(() => store.transaction(ORG, (tx) => tx.deleteMembers(ids)));
  const replace = await timed(() => store.loadSnapshot(organizationOf(20_000, "r")));
  return [one, many, replace];
}

/**
 * Deleting in a 50,000-member organization on PostgreSQL beside the memory store, in one run: one
 * member (its manager and mentor links cleared), 2,000 members, and replacing the organization by
 * a 20,000-member snapshot.
 */
export async function benchDeletes(url: string, members = 50_000): Promise<DeleteFigures[]> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schema = `rpdi_deletes_${process.pid}`;
  try {
    const postgres = createPostgresStore({ client: pool, schema });
    await postgres.migrate();
    const onPostgres = await figuresOn(postgres, members);
    const inMemory = await figuresOn(createMemoryStore(), members);
    return [
      `deleteMember in ${members.toLocaleString("en-US")} members`,
      "delete 2,000 members",
      `replace ${members.toLocaleString("en-US")} by a 20,000-member snapshot`,
    ].map((label, index) => ({
      label,
      postgresMs: onPostgres[index] as number,
      memoryMs: inMemory[index] as number,
    }));
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}
