/**
 * The customer's language as a tag Intl takes: a browser may report a POSIX one (`en-US@posix`,
 * from a C locale), which every Intl call refuses.
 */
export function customerLocale(): string {
  const asked = typeof navigator === 'undefined' ? 'en' : navigator.language.split('@')[0]!;
  try {
    return Intl.getCanonicalLocales(asked)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * A day as the customer writes it (`31 December 2030`, `31. Dezember 2030`, `December 31, 2030`).
 * Read in the browser's own zone: a date the customer typed is sent as that zone's midnight.
 */
export function customerDate(iso: string): string {
  return new Intl.DateTimeFormat(customerLocale(), { dateStyle: 'long' }).format(new Date(iso));
}
