import { GraphQLError } from "graphql";
import { authorizeMemberOperation, type MemberOperationRequest } from "../auth/policy";
import type { Product, Role } from "../domain/products";
import type { MemberEdit } from "../members/edit";
import {
  addMemberProductRole,
  deleteMember,
  editMember,
  editMemberAuthInfo,
  findMember,
  type GuardedMemberTarget,
  type MemberGuard,
  type MemberOperationOutcome,
  type MemberTargetRefusal,
  revokeMemberProductAccess,
} from "../members/operations";
import { abortableStore, stopIfAborted } from "./abort";
import type { GraphqlContext } from "./context";
import { graphqlError, MemberGraphqlErrorCode } from "./errors";
import { inTurns, memberPageReader } from "./member-pages";

/**
 * The root resolvers of the member schema. Each asks {@link authorizeMemberOperation} twice:
 * before anything is read, on the caller and the products the request names (so a plain refusal
 * costs no transaction), and then inside the operation's transaction on the caller and the
 * target as stored at that moment, which is the check that counts.
 */
export function memberResolvers(context: GraphqlContext) {
  const { principal, now, signal } = context;
  const store = abortableStore(context.store, signal);
  const orgId = principal.organization.id;
  const pages = memberPageReader(store, orgId, signal);

  const precheck = (request: MemberOperationRequest) => {
    const decision = authorizeMemberOperation(request, principal.member, null);
    if (!decision.allowed) throw forbidden(decision.error);
  };
  const guard =
    (request: MemberOperationRequest): MemberGuard =>
    async (target, tx) => {
      stopIfAborted(signal);
      const [caller] = await tx.loadMembersById([principal.member.id]);
      if (caller === undefined) {
        return {
          allowed: false,
          error: "Your account is no longer a member of this organization.",
        };
      }
      return authorizeMemberOperation(request, caller, target);
    };
  const target = (id: string, request: MemberOperationRequest): GuardedMemberTarget => {
    precheck(request);
    return { orgId, memberId: id, guard: guard(request) };
  };

  return {
    memberById: async ({ id }: { id: string }) => {
      precheck({ operation: "memberById" });
      return findMember(store, { orgId, memberId: id });
    },
    membersByProduct: async ({
      product,
      first,
      after,
    }: {
      product: Product;
      first?: number | null;
      after?: string | null;
    }) => {
      precheck({ operation: "membersByProduct" });
      const page = await pages({ product, first: first ?? undefined, after });
      return {
        nodes: inTurns(page.nodes),
        pageInfo: { endCursor: page.endCursor, hasNextPage: page.hasNextPage },
      };
    },
    editEmployerMemberInfo: async ({ id, input }: { id: string; input: MemberEdit }) =>
      memberOf(
        await editMember(store, {
          ...target(id, { operation: "editEmployerMemberInfo" }),
          edit: input,
          now,
        }),
      ),
    editUniversityMemberInfo: async ({
      id,
      input,
    }: {
      id: string;
      input: Pick<MemberEdit, "firstName" | "lastName">;
    }) =>
      memberOf(
        await editMember(store, {
          ...target(id, { operation: "editUniversityMemberInfo" }),
          edit: { firstName: input.firstName, lastName: input.lastName },
          now,
        }),
      ),
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
      const productRoles = input.productRoles ?? [];
      const edit: MemberEdit = {};
      if (input.ssoId !== undefined) edit.ssoId = input.ssoId;
      if (input.useMfa !== undefined) edit.useMfa = input.useMfa;
      return memberOf(
        await editMemberAuthInfo(store, {
          ...target(id, { operation: "editEmployerMemberAuthInfo", productRoles }),
          productRoles,
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
      role?: Role | null;
    }) => {
      const granted = role ?? "MEMBER";
      return memberOf(
        await addMemberProductRole(store, {
          ...target(id, { operation: "addEmployerMemberProductUserRole", product, role: granted }),
          product,
          role: granted,
          now,
          newId: context.newId,
        }),
      );
    },
    revokeProductUserAccess: async ({ id, product }: { id: string; product: Product }) =>
      memberOf(
        await revokeMemberProductAccess(store, {
          ...target(id, { operation: "revokeProductUserAccess", product }),
          product,
        }),
      ),
    deleteMember: async ({ id }: { id: string }) => {
      const outcome = await deleteMember(store, target(id, { operation: "deleteMember" }));
      if (!outcome.ok) throw refusal(outcome);
      return outcome.memberId;
    },
  };
}

function memberOf(outcome: MemberOperationOutcome) {
  if (outcome.ok) return outcome.member;
  if (outcome.reason !== "INVALID") throw refusal(outcome);
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

function refusal(outcome: MemberTargetRefusal): GraphQLError {
  return outcome.reason === "NOT_FOUND"
    ? graphqlError(
        MemberGraphqlErrorCode.NOT_FOUND,
        `No member with id ${outcome.memberId} in this organization.`,
      )
    : forbidden(outcome.message);
}

function forbidden(message: string): GraphQLError {
  return graphqlError(MemberGraphqlErrorCode.FORBIDDEN, message);
}
