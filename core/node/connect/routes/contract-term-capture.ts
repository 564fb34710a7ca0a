import { DateTime } from 'luxon';
import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';

export const contractTermCapture: ServerRoute<'contract_term_capture'> = {
  render: () => ({ contract_end_date: '' }),
  submit: (ctx, { contract_end_date: raw }) => {
    let contractEnd: string | null = null;
    if (raw !== undefined) {
      const dt = DateTime.fromISO(raw, { setZone: true });
      if (!dt.isValid || dt.toMillis() <= ctx.svc.clock.now().getTime())
        fail('contract_end_date_invalid', 'Enter a future date, or leave it empty for an open-ended contract.');
      contractEnd = dt.toUTC().toISO({ suppressMilliseconds: true });
    }
    return { complete: { contractEnd } };
  },
};
