import { z } from 'zod';
import { coded } from '../../schemas/common.js';
import { cost, jsonObject, time } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** Prices by time of day: one day's bands, chained around the clock. */
export const rateTodCapture = defineRoute({
  name: 'rate_tod_capture',
  actions: ['BACK', 'CLOSE'],
  data: pageData({
    currency_code: z.string(),
    // Clients parse every cost as a decimal: numbers only, and no bands until some are captured.
    hours: z.array(z.strictObject({ valid_from: z.string(), valid_to: z.string(), cost: z.number() })),
  }),
  submit: jsonObject({
    hours: z
      .array(
        z.object(
          { valid_from: time('valid_from_invalid'), valid_to: time('valid_to_invalid'), cost },
          coded('data_json_invalid', 'each band is {valid_from, valid_to, cost}'),
        ),
        coded('incomplete_time_period', 'Give the bands of one whole day.'),
      )
      .refine((h) => h.length > 0, coded('incomplete_time_period', 'Give the bands of one whole day.'))
      .refine((h) => h.length <= 48, coded('data_json_invalid', 'too many bands')),
  }),
  errors: {
    cost_value_zero: 'hours',
    cost_value_negative: 'hours',
    valid_from_invalid: 'hours',
    valid_to_invalid: 'hours',
    gap_in_time_period: 'hours',
    incomplete_time_period: 'hours',
    data_json_invalid: 'form',
  },
});
