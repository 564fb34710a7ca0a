import { Codes, invalid } from '../../../engine/errors.js';
import { contractInstant } from '../../../engine/schedule/contract.js';
import type { TariffCandidate } from '../../../engine/schemas/cost.js';

/** Candidates from one place of a request (`candidates`, `alternatives[1]`), applied in turn. */
export interface CandidateLayer {
  candidates: TariffCandidate[] | undefined;
  path: string;
}

/** What the schema cannot see: one candidate per type and direction, and contract order (as POST /tariffs). */
export function checkCandidates(candidates: TariffCandidate[], zone: string, path: string): void {
  const seen = new Map<string, number>();
  candidates.forEach((c, i) => {
    const slot = `${c.type}|${c.direction ?? 'IMPORT'}`;
    const first = seen.get(slot);
    if (first !== undefined)
      throw invalid(
        Codes.candidateDuplicate,
        `${path}[${i}]: a second candidate of type ${c.type} and direction ${c.direction ?? 'IMPORT'} (the first is ${path}[${first}]); give at most one per type and direction.`,
      );
    seen.set(slot, i);
    if (!(contractInstant(c.contract_end_date, zone) > contractInstant(c.contract_start_date, zone)))
      throw invalid('contract_end_date_invalid', `${path}[${i}].contract_end_date: must be after contract_start_date.`);
  });
}

/** A candidate as a stored tariff's JSON, the fields the engine reads, as saving would write them. */
export function candidateJson(c: TariffCandidate, id: string): string {
  return JSON.stringify({
    id,
    type: c.type,
    ...(c.direction ? { direction: c.direction } : {}),
    market_rates: c.market_rates ?? false,
    contract_start_date: c.contract_start_date,
    contract_end_date: c.contract_end_date,
    ...(c.schedule ? { schedule: c.schedule } : {}),
    ...(c.charges ? { charges: c.charges } : {}),
  });
}
