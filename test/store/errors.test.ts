import { describe, expect, it } from "vitest";
import {
  MemberConflictError,
  OrganizationNotFoundError,
  StoreConflictError,
  StoreError,
} from "../../src/store/errors";

describe("typed store errors", () => {
  it("are recognized by brand, so an error from another copy of rpdi is still instanceof", () => {
    const fromAnotherCopy = Object.assign(new Error("conflict"), {
      [Symbol.for("rpdi.error")]: "StoreConflictError",
    });
    expect(fromAnotherCopy instanceof StoreConflictError).toBe(true);
    expect(fromAnotherCopy instanceof StoreError).toBe(false);
  });

  it("are not confused with each other or with plain errors", () => {
    const errors = [
      new OrganizationNotFoundError("o"),
      new MemberConflictError("a@b.co", "taken"),
      new StoreConflictError("x"),
      new StoreError("op", new Error("y")),
    ];
    const classes = [
      OrganizationNotFoundError,
      MemberConflictError,
      StoreConflictError,
      StoreError,
    ];
    errors.forEach((error, index) => {
      classes.forEach((type, other) => {
        expect(error instanceof type).toBe(index === other);
      });
      expect(error).toBeInstanceOf(Error);
    });
    expect(new Error("plain") instanceof StoreError).toBe(false);
    expect((null as unknown) instanceof StoreError).toBe(false);
  });

  it("name the failed operation and keep the cause", () => {
    const cause = new Error("disk full");
    const error = new StoreError("applyMemberPlan", cause);
    expect(error.message).toBe("Store operation applyMemberPlan failed: disk full");
    expect(error.cause).toBe(cause);
  });
});
