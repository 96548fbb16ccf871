const DAY = 86_400_000;

/** ISO-8601 UTC ending in `Z`, exactly as `Date.prototype.toISOString` writes it. */
export function instantText(milliseconds: number): string {
  return new Date(milliseconds).toISOString();
}

/**
 * {@link instantText} for many instants: `toISOString` costs about a microsecond a call, which
 * dominates a feed query, so the date part is worked out once per day (by `toISOString` itself)
 * and the time of day is plain arithmetic. The returned function keeps its own per-day cache.
 */
export function instantTextFormatter(): (milliseconds: number) => string {
  const days = new Map<number, string>();
  let lastDay = Number.NaN;
  let lastDate = "";
  return (milliseconds) => {
    const day = Math.floor(milliseconds / DAY);
    let date = day === lastDay ? lastDate : days.get(day);
    if (date === undefined) {
      const midnight = instantText(day * DAY);
      // Years outside 0000–9999 are written with a sign and six digits: left to the builtin.
      date = midnight.length === 24 ? midnight.slice(0, 11) : "";
      days.set(day, date);
    }
    lastDay = day;
    lastDate = date;
    if (date === "" || !Number.isInteger(milliseconds)) return instantText(milliseconds);
    let rest = milliseconds - day * DAY;
    const millis = rest % 1000;
    rest = (rest - millis) / 1000;
    const seconds = rest % 60;
    rest = (rest - seconds) / 60;
    const minutes = rest % 60;
    const hours = (rest - minutes) / 60;
    return `${date}${two(hours)}:${two(minutes)}:${two(seconds)}.${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`;
  };
}

function two(value: number): string {
  return value < 10 ? `0${value}` : `${value}`;
}
