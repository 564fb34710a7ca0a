import { DateTime } from 'luxon';
import type { ImportWarning } from '../../../../core/engine/schemas/tariff-import';
import type { Tariff, TariffCreate } from '../../../../core/engine/schemas/tariff';

/** An imported rate before it is saved: the body POST /tariffs takes, and what the import could not carry. */
export interface ImportedDraft {
  tariff: TariffCreate;
  warnings: ImportWarning[];
  /** Where it came from, for the heading: a file name, or pasted text. */
  source: string;
}

/** The id the draft goes by in the preview (no stored tariff has it). */
export const DRAFT_ID = 'trf_draft';

/**
 * The draft as the tariff the preview prices: the fields a saved one would have. It is only
 * ever sent as a candidate (the body fields), never as itself.
 */
export function draftAsTariff(t: TariffCreate, zone: string, liveMode: boolean): Tariff {
  return {
    ...t,
    id: DRAFT_ID,
    object: 'tariff',
    live_mode: liveMode,
    is_linked: false,
    connection_type: 'MANUAL',
    status: 'CONNECTED',
    timezone: zone,
    market_rates: t.market_rates ?? false,
    time_created: '',
    account_id: '',
  } as Tariff;
}

/**
 * The first day of the 7 the preview shows: today while the contract runs; its first week when
 * it starts later, its last week when it has ended (an imported rate is often an older one).
 */
export function previewStart(today: string, start: string, end: string): string {
  const first = start.slice(0, 10),
    last = end.slice(0, 10);
  if (today < first) return first;
  if (today >= last) return DateTime.fromISO(last).minus({ days: 7 }).toISODate()!;
  return today;
}

/** Warnings about a choice the import made for the user, by what the user may choose instead. */
const CHOSEN: Record<string, 'name' | 'dates'> = {
  display_name_shortened: 'name',
  contract_start_date_defaulted: 'dates',
  contract_end_date_defaulted: 'dates',
  contract_ended: 'dates',
};

/**
 * The draft with the name and dates the user gave: the warnings about the import's own choice
 * of what the user has now chosen go, so the saved tariff keeps only those still true of it.
 */
export function withChoices(before: TariffCreate, after: TariffCreate): TariffCreate {
  const origin = after.imported_from;
  if (!origin) return after;
  const changed = {
    name: after.display_name !== before.display_name,
    dates:
      after.contract_start_date !== before.contract_start_date || after.contract_end_date !== before.contract_end_date,
  };
  const warnings = origin.warnings.filter((w) => !(CHOSEN[w.code] && changed[CHOSEN[w.code]!]));
  return { ...after, imported_from: { ...origin, warnings } };
}
