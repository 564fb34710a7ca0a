// How the CLI writes its answers: plain-text tables, amounts in the currency's decimals, and
// instants in the location's zone. Shared by every command that prints a table.
import { DateTime } from 'luxon';

/** Decimals the currency is written with (2 for EUR, 0 for JPY). */
export function decimalsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An answer's time as the location's wall clock (the answer writes one fixed offset all through). */
export const localTime = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('yyyy-MM-dd HH:mm');

/** An instant as RFC 3339 in the location's offset at that instant. */
export const local = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) ?? new Date(ms).toISOString();

/** A plain-text table: columns padded to their widest cell, `right` ones aligned right. */
export function table(head: string[], rows: string[][], right: boolean[]): string {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(width[i]!) : c.padEnd(width[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), width.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
