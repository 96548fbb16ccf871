import { describe, expect, it } from "vitest";
import {
  authorizeMemberOperation,
  MEMBER_OPERATIONS,
  type MemberOperationRequest,
  touchedProducts,
} from "../../src/auth/policy";
import type { MemberRoles } from "../../src/domain/member";

const caller = (products: MemberRoles["products"], id = "caller"): MemberRoles => ({
  id,
  products,
});
const RECRUIT_ADMIN = caller([{ product: "RECRUIT", role: "ADMIN" }]);
const PERFORM_ADMIN_TARGET = caller(
  [
    { product: "PERFORM", role: "ADMIN" },
    { product: "RECRUIT", role: "ADMIN" },
  ],
  "target",
);

describe("authorizeMemberOperation", () => {
  it("refuses every operation, reads included, to a caller who is no Admin", () => {
    const member = caller([{ product: "RECRUIT", role: "MEMBER" }]);
    const requests: MemberOperationRequest[] = [
      { operation: "memberById" },
      { operation: "membersByProduct" },
      { operation: "editEmployerMemberInfo" },
      { operation: "editEmployerMemberAuthInfo", productRoles: [] },
      { operation: "editUniversityMemberInfo" },
      { operation: "addEmployerMemberProductUserRole", product: "RECRUIT", role: "MEMBER" },
      { operation: "revokeProductUserAccess", product: "RECRUIT" },
      { operation: "deleteMember" },
    ];
    expect(requests.map((request) => request.operation)).toEqual([...MEMBER_OPERATIONS]);
    for (const request of requests) {
      expect(authorizeMemberOperation(request, member, null)).toEqual({
        allowed: false,
        status: 403,
        error: "The member operations require an Admin role.",
      });
    }
  });

  it("names the products whose ADMIN role the caller lacks", () => {
    expect(
      authorizeMemberOperation({ operation: "deleteMember" }, RECRUIT_ADMIN, PERFORM_ADMIN_TARGET),
    ).toEqual({
      allowed: false,
      status: 403,
      error: "deleteMember on this member needs the ADMIN role on PERFORM (Perform Admin).",
    });
  });

  it("touches every held product for edits and deletes, the named product for grants and revokes", () => {
    const target = caller(
      [
        { product: "UNI", role: "MEMBER" },
        { product: "RECRUIT", role: "MEMBER" },
      ],
      "target",
    );
    expect(touchedProducts({ operation: "editEmployerMemberInfo" }, target)).toEqual([
      "RECRUIT",
      "UNI",
    ]);
    expect(
      touchedProducts(
        {
          operation: "editEmployerMemberAuthInfo",
          productRoles: [{ product: "PERFORM", role: "MEMBER" }],
        },
        target,
      ),
    ).toEqual(["RECRUIT", "PERFORM", "UNI"]);
    expect(
      touchedProducts({ operation: "revokeProductUserAccess", product: "PERFORM" }, target),
    ).toEqual(["PERFORM"]);
    expect(touchedProducts({ operation: "membersByProduct" }, target)).toEqual([]);
    expect(touchedProducts({ operation: "deleteMember" }, null)).toEqual([]);
  });

  it("refuses an admin taking away their own ADMIN role or deleting themselves, and allows the rest on oneself", () => {
    const self = caller([
      { product: "RECRUIT", role: "ADMIN" },
      { product: "UNI", role: "ADMIN" },
    ]);
    const decide = (request: MemberOperationRequest) =>
      authorizeMemberOperation(request, self, self).allowed;
    expect(decide({ operation: "deleteMember" })).toBe(false);
    expect(decide({ operation: "revokeProductUserAccess", product: "UNI" })).toBe(false);
    expect(
      decide({ operation: "addEmployerMemberProductUserRole", product: "UNI", role: "MEMBER" }),
    ).toBe(false);
    expect(
      decide({
        operation: "editEmployerMemberAuthInfo",
        productRoles: [{ product: "RECRUIT", role: "MEMBER" }],
      }),
    ).toBe(false);
    expect(decide({ operation: "editEmployerMemberInfo" })).toBe(true);
    expect(decide({ operation: "editEmployerMemberAuthInfo", productRoles: [] })).toBe(true);
    expect(
      decide({ operation: "addEmployerMemberProductUserRole", product: "UNI", role: "ADMIN" }),
    ).toBe(true);
    // Another admin with the same roles may do what the member may not do to themselves.
    expect(
      authorizeMemberOperation({ operation: "deleteMember" }, self, { ...self, id: "other" })
        .allowed,
    ).toBe(true);
  });

  it("judges a grant of ADMIN on a product by the caller's ADMIN role on that product", () => {
    const grant = (product: "RECRUIT" | "PERFORM" | "UNI") =>
      authorizeMemberOperation(
        { operation: "addEmployerMemberProductUserRole", product, role: "ADMIN" },
        RECRUIT_ADMIN,
        caller([], "target"),
      ).allowed;
    expect([grant("RECRUIT"), grant("PERFORM"), grant("UNI")]).toEqual([true, false, false]);
  });
});
