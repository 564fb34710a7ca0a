import { useEffect, useState } from 'react';
import type { Charges } from '../../../../core/engine/schemas/charges';
import { chargeProblems, tidyCharges } from './words';

/**
 * The charges of a tariff being edited beside its schedule: the draft, whether it differs from
 * what is saved, whether the API would take it, and the PATCH field (null clears them).
 */
export function useChargesDraft(saved: Charges | undefined) {
  const [charges, setCharges] = useState<Charges | undefined>(saved);
  // A new answer from the service (load, save) is a new start.
  useEffect(() => setCharges(saved), [saved]);
  return {
    charges,
    setCharges,
    dirty: JSON.stringify(tidyCharges(charges)) !== JSON.stringify(tidyCharges(saved)),
    invalid: chargeProblems(charges).length > 0,
    /** The `charges` of the PATCH body. */
    body: tidyCharges(charges) ?? null,
  };
}
