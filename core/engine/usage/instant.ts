/**
 * RFC 3339 timestamps of usage intervals, read by hand: a year of quarter hours is 70 000 of
 * them, and the built-in parser (or luxon) costs more per string than all of the costing.
 * Both functions expect the shape already checked (`YYYY-MM-DDTHH:MM:SS[.f…](Z|±HH:MM)`).
 */

const digits = (s: string, at: number, n: number) => {
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 10 + s.charCodeAt(at + i) - 48;
  return v;
};
const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

const isDigit = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
};
const isAt = (s: string, i: number, ch: number) => s.charCodeAt(i) === ch;

/** `YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|±HH:MM)`, `T` and `Z` in either case: the shape only. */
export function rfc3339Shape(s: string): boolean {
  const n = s.length;
  if (n < 20 || n > 35) return false;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]) if (!isDigit(s, i)) return false;
  if (!isAt(s, 4, 45) || !isAt(s, 7, 45) || !(isAt(s, 10, 84) || isAt(s, 10, 116))) return false;
  if (!isAt(s, 13, 58) || !isAt(s, 16, 58)) return false;
  let i = 19;
  if (isAt(s, i, 46)) {
    const start = ++i;
    while (i < n && isDigit(s, i)) i++;
    if (i === start || i - start > 9) return false;
  }
  if (i === n - 1) return isAt(s, i, 90) || isAt(s, i, 122);
  return (
    i === n - 6 &&
    (isAt(s, i, 43) || isAt(s, i, 45)) &&
    isDigit(s, i + 1) &&
    isDigit(s, i + 2) &&
    isAt(s, i + 3, 58) &&
    isDigit(s, i + 4) &&
    isDigit(s, i + 5)
  );
}

/** Whether a string of the RFC 3339 shape names a real date, time of day and offset. */
export function realDateTime(s: string): boolean {
  const y = digits(s, 0, 4);
  const mo = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > DAYS_IN_MONTH[mo]!) return false;
  if (mo === 2 && d === 29 && !leap(y)) return false;
  if (digits(s, 11, 2) > 23 || digits(s, 14, 2) > 59 || digits(s, 17, 2) > 59) return false;
  const z = s.charCodeAt(s.length - 1);
  if (z === 90 || z === 122) return true;
  return digits(s, s.length - 5, 2) <= 23 && digits(s, s.length - 2, 2) <= 59;
}

/** Epoch milliseconds; fractions beyond the millisecond are cut, as luxon and Date.parse do. */
export function instantOf(s: string): number {
  let ms = Date.UTC(
    digits(s, 0, 4),
    digits(s, 5, 2) - 1,
    digits(s, 8, 2),
    digits(s, 11, 2),
    digits(s, 14, 2),
    digits(s, 17, 2),
  );
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    let frac = 0;
    let scale = 100;
    for (i++; i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57; i++) {
      frac += (s.charCodeAt(i) - 48) * scale;
      scale /= 10;
    }
    ms += Math.floor(frac);
  }
  const z = s.charCodeAt(s.length - 1);
  if (z === 90 || z === 122) return ms;
  const sign = s.charCodeAt(s.length - 6) === 45 ? -1 : 1;
  return ms - sign * (digits(s, s.length - 5, 2) * 60 + digits(s, s.length - 2, 2)) * 60_000;
}
