/** How far the service clock is from real time, in words: one wording for the app, the API's notes and the command line. */

const HOUR = 3600;

/** A span in words, to the hour from an hour on (real time keeps running under a frozen clock). */
export function spanInWords(seconds: number): string {
  const s = Math.abs(seconds);
  if (s < HOUR) return `${Math.max(1, Math.round(s / 60))} min`;
  const hours = Math.round(s / HOUR);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return [d && `${d} day${d === 1 ? '' : 's'}`, h && `${h} h`].filter(Boolean).join(' ');
}

/** Within a minute of real time the clock counts as at real time. */
export const isShifted = (offsetSeconds: number) => Math.abs(offsetSeconds) >= 60;

/** "2 h ahead of real time", "3 days behind real time", or "at real time". */
export function offsetInWords(seconds: number): string {
  if (!isShifted(seconds)) return 'at real time';
  return `${spanInWords(seconds)} ${seconds > 0 ? 'ahead of' : 'behind'} real time`;
}
