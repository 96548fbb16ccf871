import { buildSchema, type ExecutionResult, GraphQLError, graphql } from "graphql";
import { isAdmin, isPerformAdmin, type Principal } from "../auth/policy";
import type { MemberEdit } from "../members/edit";
import {
  addMemberProductRole,
  deleteMember,
  editMember,
  editMemberAuthInfo,
  findMember,
  listMembersByProduct,
  type MemberOperationOutcome,
  revokeMemberProductAccess,
} from "../members/operations";
import type { Store } from "../store/port";
import { Product, type Role } from "../store/products";
import { MEMBER_GRAPHQL_SDL } from "./schema";

/** The executable GraphQL schema of the per-member operations; its SDL is `docs/graphql/schema.graphql`. */
const schema = buildSchema(MEMBER_GRAPHQL_SDL);

/**
 * What a GraphQL request runs with: the store, the signed-in principal's organization and the
 * clock.
 */
export interface GraphqlContext {
  store: Store;
  principal: Principal;
  now: Date;
  /** Makes ids for created rows; `undefined` uses random UUIDs. */
  newId: (() => string) | undefined;
}

/**
 * Runs a GraphQL request against the member operations. Authorization as for member import: an
 * Admin may run everything, but anything touching PERFORM roles needs the Perform Admin role.
 * Failures are GraphQL errors whose `extensions.code` is the CSV's error type where one applies
 * (`INVALID_EMAIL`…), or `NOT_FOUND`, `FORBIDDEN`.
 */
export function executeMemberGraphql(
  request: {
    query: string;
    variables?: Record<string, unknown> | null;
    operationName?: string | null;
  },
  context: GraphqlContext,
): Promise<ExecutionResult> {
  return graphql({
    schema,
    source: request.query,
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
    rootValue: resolvers(context),
  });
}

export { schema as memberGraphqlSchema };

function resolvers(context: GraphqlContext) {
  const { store, principal, now } = context;
  const orgId = principal.organization.id;
  const requireAdmin = (product?: Product | null) => {
    if (!isAdmin(principal.member)) throw forbidden("The member operations require an Admin role.");
    if (product === Product.PERFORM && !isPerformAdmin(principal.member)) {
      throw forbidden("Changing PERFORM access requires the Perform Admin role.");
    }
  };
  return {
    memberById: async ({ id }: { id: string }) => {
      requireAdmin();
      return findMember(store, { orgId, memberId: id });
    },
    membersByProduct: async ({
      product,
      first,
      after,
    }: {
      product: Product;
      first?: number;
      after?: string | null;
    }) => {
      requireAdmin();
      const page = await listMembersByProduct(store, { orgId, product, first, after });
      return {
        nodes: page.nodes,
        pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage },
      };
    },
    editEmployerMemberInfo: async ({ id, input }: { id: string; input: MemberEdit }) => {
      requireAdmin();
      return memberOf(await editMember(store, { orgId, memberId: id, edit: input, now }));
    },
    editUniversityMemberInfo: async ({
      id,
      input,
    }: {
      id: string;
      input: Pick<MemberEdit, "firstName" | "lastName">;
    }) => {
      requireAdmin();
      return memberOf(
        await editMember(store, {
          orgId,
          memberId: id,
          edit: { firstName: input.firstName, lastName: input.lastName },
          now,
        }),
      );
    },
    editEmployerMemberAuthInfo: async ({
      id,
      input,
    }: {
      id: string;
      input: {
        productRoles?: { product: Product; role: Role }[] | null;
        ssoId?: string | null;
        useMfa?: string | null;
      };
    }) => {
      requireAdmin(
        input.productRoles?.some((entry) => entry.product === Product.PERFORM)
          ? Product.PERFORM
          : null,
      );
      const edit: MemberEdit = {};
      if (input.ssoId !== undefined) edit.ssoId = input.ssoId;
      if (input.useMfa !== undefined) edit.useMfa = input.useMfa;
      return memberOf(
        await editMemberAuthInfo(store, {
          orgId,
          memberId: id,
          productRoles: input.productRoles ?? [],
          edit,
          now,
        }),
      );
    },
    addEmployerMemberProductUserRole: async ({
      id,
      product,
      role,
    }: {
      id: string;
      product: Product;
      role?: Role;
    }) => {
      requireAdmin(product);
      return memberOf(
        await addMemberProductRole(store, {
          orgId,
          memberId: id,
          product,
          role,
          now,
          newId: context.newId,
        }),
      );
    },
    revokeProductUserAccess: async ({ id, product }: { id: string; product: Product }) => {
      requireAdmin(product);
      return memberOf(await revokeMemberProductAccess(store, { orgId, memberId: id, product }));
    },
    deleteMember: async ({ id }: { id: string }) => {
      requireAdmin();
      const outcome = await deleteMember(store, { orgId, memberId: id });
      if (!outcome.ok) throw notFound(id);
      return outcome.memberId;
    },
  };
}

function memberOf(outcome: MemberOperationOutcome) {
  if (outcome.ok) return outcome.member;
  if (outcome.reason === "NOT_FOUND") throw notFound(outcome.memberId);
  const [first] = outcome.errors;
  throw new GraphQLError(
    outcome.errors.map((error) => `${error.columnName}: ${error.message}`).join(" "),
    {
      extensions: {
        code: first?.type ?? "INVALID",
        field: first?.columnName,
        fieldErrors: outcome.errors,
      },
    },
  );
}

function notFound(id: string): GraphQLError {
  return new GraphQLError(`No member with id ${id} in this organization.`, {
    extensions: { code: "NOT_FOUND" },
  });
}

function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "FORBIDDEN" } });
}
