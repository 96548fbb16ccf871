/** `value` when it is a positive integer; otherwise a RangeError naming `caller` and `name`. */
export function positiveInteger(caller: string, name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${caller}: ${name} must be a positive integer, not ${value}`);
  return value;
}
