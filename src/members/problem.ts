import type { MemberRowErrorType } from "./errors";

/**
 * What a column rule returns instead of a value when the cell breaks it. A class so that a
 * rule's success path allocates nothing: callers test `instanceof CellProblem`.
 */
export class CellProblem {
  constructor(
    readonly type: MemberRowErrorType,
    readonly message: string,
  ) {}
}
