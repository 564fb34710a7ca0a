import { z } from 'zod';
import { Structure, SummaryRate } from '../fields.js';
import { ACTION_ERRORS, defineRoute, pageData } from '../route.js';

/** The slot's tariff with today's and tomorrow's prices; where a completed session rests. */
export const tariffSummary = defineRoute({
  name: 'tariff_summary',
  actions: ['EDIT', 'DISCONNECT', 'WRONG_TARIFF', 'BACK', 'CLOSE'],
  data: pageData({
    currency_code: z.string(),
    market_rates_source: z.boolean(),
    tariff: z
      .strictObject({
        name: z.string(),
        contract_end_date: z.string().optional(),
        structure_type: Structure,
        tiered: z.boolean(),
      })
      .nullable(),
    rates: z.strictObject({ today: z.array(SummaryRate), tomorrow: z.array(SummaryRate).optional() }),
  }),
  submit: null,
  errors: ACTION_ERRORS,
});
