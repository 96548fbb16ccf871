import type { Member, ProductMemberName } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { Product, Role } from "../domain/products";
import type { MemberIdPage } from "../store/member-page";
import type { StoreTx } from "../store/port";
import { LONE_SURROGATE } from "../values/storable-text";
import {
  HOLDS_PRODUCT,
  MEMBER_READ_COLUMNS,
  MEMBER_READ_ITEMS,
  memberFromRow,
  memberSelect,
} from "./members-sql";
import type { TxScope } from "./session";
import { profileColumns, profileFromRow, readProfile } from "./snapshot-io";
import { textArrayParam } from "./text-array";

/** The transaction's reads of its organization and the organization's members. */
export function memberReads(
  scope: TxScope,
): Pick<
  StoreTx,
  | "loadOrganization"
  | "loadMembersByEmail"
  | "loadMembersById"
  | "loadMemberAndOrganization"
  | "loadExternalUserEmails"
  | "loadUsersByEmail"
  | "listProductMembers"
  | "listProductMemberPage"
  | "listProductMemberNames"
  | "listAbsentProductMembers"
  | "listProductMemberEmails"
  | "loadMembersLinkedTo"
> {
  return {
    loadOrganization: () => loadOrganization(scope),

    loadMembersByEmail: (emails) => members(scope, BY_ADDRESS, [addressKeys(emails)]),

    loadMembersById: (ids) => members(scope, "m.id = ANY($2::text[])", [[...ids]]),

    loadMemberAndOrganization: (memberId) => loadMemberAndOrganization(scope, memberId),

    loadExternalUserEmails: (emails) => loadExternalUserEmails(scope, emails),

    loadUsersByEmail: (emails) => loadUsersByEmail(scope, emails),

    listProductMembers: (product: Product) => members(scope, HOLDS_PRODUCT[product], []),

    listProductMemberPage: (product: Product, page: { after: string | null; first: number }) =>
      listProductMemberPage(scope, product, page),

    listProductMemberNames: (product: Product) => listProductMemberNames(scope, product),

    listAbsentProductMembers: (product: Product, emails) =>
      listAbsentProductMembers(scope, product, emails),

    listProductMemberEmails: (product: Product) => listProductMemberEmails(scope, product),

    loadMembersLinkedTo: (memberIds) =>
      members(
        scope,
        // The mentor test repeats the partial index's predicate, so the index can serve it.
        `(m.manager_id = ANY($2::text[]) OR (m.mentor_ids <> '[]' AND m.mentor_ids ?| $2::text[]))`,
        [[...memberIds]],
      ),
  };
}

/** A member whose address is one of `$2`, the lower-cased {@link addressKeys}. */
const BY_ADDRESS = "lower(m.email) = ANY($2::text[])";

/** Addresses as the statements compare them. */
const addressKeys = (emails: readonly string[]) => emails.map((email) => email.toLowerCase());

/** The organization's members that `where` (with `$2`… as `params`) selects, in directory order. */
async function members(
  { connection, s, orgId }: TxScope,
  where: string,
  params: unknown[],
): Promise<Member[]> {
  return (
    await connection.query(`${memberSelect(s)} WHERE m.org_id = $1 AND ${where} ORDER BY m.seq`, [
      orgId,
      ...params,
    ])
  ).rows.map(memberFromRow);
}

async function loadOrganization({ connection, s, orgId }: TxScope): Promise<OrganizationProfile> {
  // A read-only transaction's opening folds into this statement: alone, one round trip.
  const opening = connection.takeOpening() ? "set_config('jit', 'off', true), " : "";
  const found = await readProfile(connection, s, orgId, opening);
  if (found === null) throw connection.organizationMissing();
  return found.profile;
}

async function loadMemberAndOrganization(
  { connection, s, orgId }: TxScope,
  memberId: string,
): Promise<{ member: Member | null; organization: OrganizationProfile }> {
  const opening = connection.takeOpening() ? "set_config('jit', 'off', true), " : "";
  const { rows } = await connection.query(
    `SELECT ${opening}${MEMBER_READ_COLUMNS}, ${profileColumns(s)}
           FROM ${s}.organizations o LEFT JOIN ${s}.members m ON m.org_id = o.id AND m.id = $2
          WHERE o.id = $1`,
    [orgId, memberId],
  );
  const row = rows[0];
  if (row === undefined) throw connection.organizationMissing();
  return {
    member: row.id === null ? null : memberFromRow(row),
    organization: profileFromRow(row),
  };
}

async function loadExternalUserEmails(
  { connection, s, orgId }: TxScope,
  emails: readonly string[],
): Promise<string[]> {
  const { rows } = await connection.query(`SELECT x.email FROM (${externalAddresses(s)}) x`, [
    orgId,
    addressKeys(emails),
  ]);
  return inputsAmong(emails, new Set(rows.map((row) => row.email as string)));
}

/**
 * The lower-cased addresses among `$2` held by other organizations' members or declared as the
 * organization's (`$1`) external users.
 */
function externalAddresses(s: string): string {
  // IN (SELECT unnest …), not = ANY: the planner estimates `= ANY` element by element, twice,
  // which for an import's addresses takes far longer than running the statement.
  return `SELECT lower(email) AS email FROM ${s}.members WHERE org_id <> $1 AND lower(email) IN (SELECT unnest($2::text[]))
         UNION SELECT lower(e) FROM ${s}.organizations o, unnest(o.external_user_emails) AS e WHERE o.id = $1 AND lower(e) IN (SELECT unnest($2::text[]))`;
}

/** Those of `emails` whose lower-cased form is in `keys`, as given. */
function inputsAmong(emails: readonly string[], keys: ReadonlySet<string>): string[] {
  return emails.filter((email) => keys.has(email.toLowerCase()));
}

/** {@link loadUsersByEmail}'s row of outside addresses: every member column empty. */
const NO_MEMBER = MEMBER_READ_ITEMS.map(() => "NULL").join(", ");

/**
 * `loadMembersByEmail` and `loadExternalUserEmails` in one statement, the addresses bound once:
 * the organization's members in directory order, then, when there are any, one row holding the
 * outside addresses with every member column empty.
 */
async function loadUsersByEmail(
  { connection, s, orgId }: TxScope,
  emails: readonly string[],
): Promise<{ members: Member[]; externalUserEmails: string[] }> {
  const { rows } = await connection.query(
    `SELECT NULL::text[] AS outside, ${MEMBER_READ_COLUMNS}, m.seq
       FROM ${s}.members m WHERE m.org_id = $1 AND ${BY_ADDRESS}
     UNION ALL
     SELECT array_agg(x.email), ${NO_MEMBER}, NULL FROM (${externalAddresses(s)}) x HAVING count(*) > 0
     ORDER BY seq`,
    [orgId, addressKeys(emails)],
  );
  const members: Member[] = [];
  let outside: ReadonlySet<string> = new Set();
  for (const row of rows) {
    if (row.outside === null) members.push(memberFromRow(row));
    else outside = new Set(row.outside as string[]);
  }
  return { members, externalUserEmails: inputsAmong(emails, outside) };
}

async function listProductMemberPage(
  { connection, s, orgId }: TxScope,
  product: Product,
  page: { after: string | null; first: number },
): Promise<MemberIdPage> {
  // Ids compare as JavaScript strings do (UTF-16 code units), whatever the database's
  // collation: member_id_order's bytes (migration 11), which its partial indexes keep in order,
  // so a page walks its own rows from the cursor. Two statements, not `$2 IS NULL OR …`,
  // which the planner cannot turn into an index bound.
  const order = `${s}.member_id_order(m.id) COLLATE "C"`;
  const bound = page.after === null ? null : pageBound(page.after);
  const { rows } = await connection.query(
    `${memberSelect(s)} WHERE m.org_id = $1 AND ${HOLDS_PRODUCT[product]}
           ${bound === null ? "" : `AND ${order} ${bound.operator} ${s}.member_id_order($3::text) COLLATE "C"`}
         ORDER BY ${order} LIMIT $2`,
    bound === null ? [orgId, page.first + 1] : [orgId, page.first + 1, bound.id],
  );
  const members = rows.slice(0, page.first).map(memberFromRow);
  return { members, hasNextPage: rows.length > page.first };
}

/** Members per page of {@link StoreTx.listProductMemberNames}: a few ms of rows to parse. */
const NAMES_PER_PAGE = 4096;

async function listProductMemberNames(
  { connection, s, orgId }: TxScope,
  product: Product,
): Promise<ProductMemberName[]> {
  // Pages in directory order: a single statement's rows would all be parsed in one go on the
  // host's thread, holding every other request back meanwhile.
  const names: ProductMemberName[] = [];
  let after = "0";
  for (;;) {
    const { rows } = await connection.query(
      `SELECT m.seq::text AS seq, m.email, m.first_name, m.last_name,
              jsonb_path_query_first(m.products, '$[*] ? (@.product == $p).role', jsonb_build_object('p', $2::text)) #>> '{}' AS role
            FROM ${s}.members m WHERE m.org_id = $1 AND ${HOLDS_PRODUCT[product]} AND m.seq > $3::bigint
            ORDER BY m.seq LIMIT ${NAMES_PER_PAGE}`,
      [orgId, product, after],
    );
    for (const row of rows)
      names.push({
        email: row.email as string,
        firstName: row.first_name as string,
        lastName: row.last_name as string,
        products: [{ product, role: row.role as Role }],
      });
    if (rows.length < NAMES_PER_PAGE) return names;
    after = rows[rows.length - 1]?.seq as string;
  }
}

async function listAbsentProductMembers(
  { connection, s, orgId }: TxScope,
  product: Product,
  emails: readonly string[],
): Promise<{ email: string; firstName: string; lastName: string }[]> {
  // An anti-join against the file's addresses: only the absent members' three columns come
  // back, where listing every name would carry the whole product's to this host to be dropped.
  // The product's own predicate stays beside the role's so its partial index can serve it.
  const { rows } = await connection.query(
    `SELECT m.email, m.first_name, m.last_name FROM ${s}.members m
      WHERE m.org_id = $1 AND ${HOLDS_PRODUCT[product]}
        AND m.products @> jsonb_build_array(jsonb_build_object('product', $2::text, 'role', 'MEMBER'))
        AND NOT EXISTS (SELECT FROM unnest($3::text[]) AS f(k) WHERE f.k = lower(m.email))`,
    [orgId, product, await textArrayParam(emails, (email) => email.toLowerCase())],
  );
  return rows.map((row) => ({
    email: row.email as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
  }));
}

async function listProductMemberEmails(
  { connection, s, orgId }: TxScope,
  product: Product,
): Promise<string[]> {
  const { rows } = await connection.query(
    `SELECT m.email FROM ${s}.members m WHERE m.org_id = $1 AND ${HOLDS_PRODUCT[product]} ORDER BY m.seq`,
    [orgId],
  );
  return rows.map((row) => row.email as string);
}

/**
 * Where a page starts, as a comparison with a storable id. A cursor is any string, but text sent
 * to the database turns a lone surrogate into U+FFFD, which sorts elsewhere. No stored id holds
 * one, so the ids after a cursor are those from the smallest well-formed string after it: the
 * same lone high surrogate followed by the first low one, or, for a lone low surrogate, U+E000.
 */
function pageBound(after: string): { operator: ">" | ">="; id: string } {
  const lone = LONE_SURROGATE.exec(after);
  if (lone === null) return { operator: ">", id: after };
  const unit = lone[0];
  const next = unit < "\udc00" ? `${unit}\udc00` : "\ue000";
  return { operator: ">=", id: `${after.slice(0, lone.index)}${next}` };
}
