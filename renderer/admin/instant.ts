import { DateTime } from 'luxon';

/**
 * An instant of the service (an event, a delivery, a caught message) as the app writes times:
 * in this computer's zone, named, "Thu 26 Nov 2026, 18:00:13 UTC", or the clock time alone.
 * The same words on every page, whatever the browser's language.
 */
export function instantText(iso: string, withDate = true): string {
  const t = DateTime.fromISO(iso).setLocale('en-GB');
  return t.toFormat(withDate ? 'ccc d LLL yyyy, HH:mm:ss ZZZZ' : 'HH:mm:ss ZZZZ');
}

/** The clock time of an instant, in this computer's zone: "18:00:13" (the journal's rows; the service writes whole seconds). */
export function clockTime(iso: string): string {
  return DateTime.fromISO(iso).toFormat('HH:mm:ss');
}
