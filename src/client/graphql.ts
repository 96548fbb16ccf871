import { z } from "zod";
import type { Product, Role } from "../domain/products";
import {
  GRAPHQL_MEMBER_FIELDS,
  type GraphqlError,
  type GraphqlMember,
  type GraphqlMemberConnection,
  graphqlErrorSchema,
  graphqlMemberConnectionSchema,
  graphqlMemberSchema,
} from "../graphql/member-result";
import type { Addresses } from "./addresses";
import {
  RpdiAuthorizationError,
  RpdiConflictError,
  RpdiContractError,
  RpdiNotFoundError,
  RpdiServerError,
  RpdiValidationError,
} from "./errors";
import type { CallOptions } from "./members";
import type { Transport } from "./transport";

/** Each value as a member CSV cell would hold it (graduationYear "2015", startDate "3/1/2020"). */
export interface EmployerMemberInfoInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  employeeId?: string | null;
  jobTitle?: string | null;
  level?: string | null;
  officeCity?: string | null;
  officeState?: string | null;
  officeCountry?: string | null;
  department?: string | null;
  practiceArea?: string | null;
  startDate?: string | null;
  bioLink?: string | null;
  lawSchool?: string | null;
  graduationYear?: string | null;
  workArrangement?: string | null;
}

/** The input of `editEmployerMemberAuthInfo`: product roles, SSO ID and Use MFA. */
export interface EmployerMemberAuthInfoInput {
  /** Roles on products the member already has. */
  productRoles?: { product: Product; role: Role }[] | null;
  ssoId?: string | null;
  /** One of true, t, 1, yes, y, false, f, 0, no, n. */
  useMfa?: string | null;
}

/** The input of `editUniversityMemberInfo`: a University member's names. */
export interface UniversityMemberInfoInput {
  firstName?: string | null;
  lastName?: string | null;
}

/** A GraphQL answer as it came: `data` and `errors`. */
export interface GraphqlResponse {
  data?: Record<string, unknown> | null;
  errors?: GraphqlError[];
}

/** POST {base_url}/graphql: the spec's per-member operations, each typed. */
export interface GraphqlMethods {
  /** `memberById`; `null` when no member of the organization has the id. */
  memberById(id: string, options?: CallOptions): Promise<GraphqlMember | null>;
  /** One page of `membersByProduct` (ordered by id; `first` 1 to 500). */
  membersByProduct(
    product: Product,
    page?: { first?: number; after?: string | null },
    options?: CallOptions,
  ): Promise<GraphqlMemberConnection>;
  /** Every member with the product, following `membersByProduct`'s cursor page by page. */
  allMembersByProduct(
    product: Product,
    options?: CallOptions & { pageSize?: number },
  ): AsyncIterable<GraphqlMember>;
  /** Edits a member's profile fields; each value is checked by its member CSV column's rule. */
  editEmployerMemberInfo(
    id: string,
    input: EmployerMemberInfoInput,
    options?: CallOptions,
  ): Promise<GraphqlMember>;
  /** Sets a member's roles on products they have, SSO ID and Use MFA. */
  editEmployerMemberAuthInfo(
    id: string,
    input: EmployerMemberAuthInfoInput,
    options?: CallOptions,
  ): Promise<GraphqlMember>;
  /** Renames a University member. */
  editUniversityMemberInfo(
    id: string,
    input: UniversityMemberInfoInput,
    options?: CallOptions,
  ): Promise<GraphqlMember>;
  /** Grants the product (a welcome email is queued) or, when the member has it, sets the role. */
  addEmployerMemberProductUserRole(
    id: string,
    product: Product,
    role?: Role,
    options?: CallOptions,
  ): Promise<GraphqlMember>;
  /** Removes one product from the member; their other products and data stay. */
  revokeProductUserAccess(
    id: string,
    product: Product,
    options?: CallOptions,
  ): Promise<GraphqlMember>;
  /** Deletes the member entirely; resolves to the deleted id. */
  deleteMember(id: string, options?: CallOptions): Promise<string>;
  /** Any document, answered as it came (a 400 still throws `RpdiValidationError`). */
  request(
    query: string,
    variables?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<GraphqlResponse>;
}

const graphqlResponseSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z.array(graphqlErrorSchema).optional(),
});
const badRequestSchema = z.object({ errors: z.array(graphqlErrorSchema).min(1) });

const MEMBER = `{ ${GRAPHQL_MEMBER_FIELDS} }`;
const documents = {
  memberById: `query ($id: ID!) { memberById(id: $id) ${MEMBER} }`,
  membersByProduct: `query ($product: Product!, $first: Int, $after: String) {
    membersByProduct(product: $product, first: $first, after: $after) {
      nodes ${MEMBER} pageInfo { endCursor hasNextPage } } }`,
  editEmployerMemberInfo: `mutation ($id: ID!, $input: EmployerMemberInfoInput!) {
    editEmployerMemberInfo(id: $id, input: $input) ${MEMBER} }`,
  editEmployerMemberAuthInfo: `mutation ($id: ID!, $input: EmployerMemberAuthInfoInput!) {
    editEmployerMemberAuthInfo(id: $id, input: $input) ${MEMBER} }`,
  editUniversityMemberInfo: `mutation ($id: ID!, $input: UniversityMemberInfoInput!) {
    editUniversityMemberInfo(id: $id, input: $input) ${MEMBER} }`,
  addEmployerMemberProductUserRole: `mutation ($id: ID!, $product: Product!, $role: Role) {
    addEmployerMemberProductUserRole(id: $id, product: $product, role: $role) ${MEMBER} }`,
  revokeProductUserAccess: `mutation ($id: ID!, $product: Product!) {
    revokeProductUserAccess(id: $id, product: $product) ${MEMBER} }`,
  deleteMember: "mutation ($id: ID!) { deleteMember(id: $id) }",
} as const;

/** The typed error for an operation's field errors, by the first error's code. */
function fieldFailure(request: string, errors: readonly GraphqlError[]): Error {
  const [first] = errors;
  const code = first?.extensions?.code;
  const message = `${request}: ${errors.map((error) => error.message).join(" ")}`;
  const details = { request, status: 200 };
  switch (code) {
    case "NOT_FOUND":
      return new RpdiNotFoundError(message, details, { errors });
    case "FORBIDDEN":
      return new RpdiAuthorizationError(message, details, { errors });
    case "CONFLICT":
      return new RpdiConflictError(message, details, { errors });
    case "INTERNAL_SERVER_ERROR":
    case "ABORTED":
      return new RpdiServerError(message, details, { errors });
    default:
      return new RpdiValidationError(message, details, { errors });
  }
}

export function graphqlMethods(transport: Transport, addresses: Addresses): GraphqlMethods {
  const post = async (
    query: string,
    variables: Record<string, unknown>,
    options: CallOptions,
  ): Promise<GraphqlResponse> =>
    transport.call({
      method: "POST",
      url: addresses.rest("/graphql"),
      headers: { "content-type": "application/json", accept: "application/json" },
      body: () => JSON.stringify({ query, variables }),
      badRequest: badRequestSchema,
      read: (response, check) => check.json(response, graphqlResponseSchema),
      signal: options.signal,
    });

  /** Runs an operation and reads its one field with `schema`; field errors throw typed errors. */
  const run = async <S extends z.ZodType>(
    field: keyof typeof documents,
    variables: Record<string, unknown>,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.output<S>> => {
    const answer = await post(documents[field], variables, options);
    const request = `POST ${addresses.rest("/graphql").pathname} ${field}`;
    if (answer.errors !== undefined && answer.errors.length > 0)
      throw fieldFailure(request, answer.errors);
    const value = answer.data?.[field];
    if (!transport.runtime.validateResponses) return value as z.output<S>;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: ["data", field, ...issue.path],
      message: issue.message,
    }));
    throw new RpdiContractError(
      `${request}: the answer's ${field} is outside the schema (${issues[0]?.path.map(String).join(".")}: ${issues[0]?.message})`,
      { request, status: 200 },
      issues,
    );
  };

  const methods: GraphqlMethods = {
    memberById: (id, options) => run("memberById", { id }, graphqlMemberSchema.nullable(), options),
    membersByProduct: (product, page = {}, options) =>
      run(
        "membersByProduct",
        { product, first: page.first ?? 50, after: page.after ?? null },
        graphqlMemberConnectionSchema,
        options,
      ),
    async *allMembersByProduct(product, options = {}) {
      let after: string | null = null;
      for (;;) {
        const page: GraphqlMemberConnection = await methods.membersByProduct(
          product,
          { first: options.pageSize ?? 500, after },
          options,
        );
        yield* page.nodes;
        if (!page.pageInfo.hasNextPage || page.pageInfo.endCursor === null) return;
        after = page.pageInfo.endCursor;
      }
    },
    editEmployerMemberInfo: (id, input, options) =>
      run("editEmployerMemberInfo", { id, input }, graphqlMemberSchema, options),
    editEmployerMemberAuthInfo: (id, input, options) =>
      run("editEmployerMemberAuthInfo", { id, input }, graphqlMemberSchema, options),
    editUniversityMemberInfo: (id, input, options) =>
      run("editUniversityMemberInfo", { id, input }, graphqlMemberSchema, options),
    addEmployerMemberProductUserRole: (id, product, role, options) =>
      run(
        "addEmployerMemberProductUserRole",
        { id, product, role: role ?? "MEMBER" },
        graphqlMemberSchema,
        options,
      ),
    revokeProductUserAccess: (id, product, options) =>
      run("revokeProductUserAccess", { id, product }, graphqlMemberSchema, options),
    deleteMember: (id, options) => run("deleteMember", { id }, z.string(), options),
    request: (query, variables = {}, options = {}) => post(query, variables, options),
  };
  return methods;
}
