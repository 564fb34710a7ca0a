/** How long ago the service last heard from a device, in words, against the service clock. */

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago", … for `iso` seen from `now` (epoch ms,
 * the service clock's). A time after now (the clock was moved back since) reads "in 2 hours".
 */
export function lastSeenWords(iso: string | null, now: number): string {
  if (iso === null) return 'Never';
  let amount = (Date.parse(iso) - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size || unit === 'year') return relative.format(Math.trunc(amount), unit);
    amount /= size;
  }
  return iso;
}

/**
 * The time itself, in the browser's zone with the zone named, as its day and its time so that a
 * narrow cell breaks between them: ["Fri 20 Nov 2026,", "10:00 GMT+1"].
 */
export function timeParts(iso: string): [string, string] {
  const at = Date.parse(iso);
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
  return [`${day.format(at).replace(',', '')},`, time.format(at)];
}
