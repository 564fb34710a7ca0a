import { z } from 'zod';
import { cost, jsonObject } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** One price per kWh. */
export const rateFixedCapture = defineRoute({
  name: 'rate_fixed_capture',
  actions: ['BACK', 'CLOSE'],
  data: pageData({
    currency_code: z.string(),
    // Always a number: clients parse it as a decimal (0 until a price is given).
    cost: z.number().meta({ description: 'The captured price; 0 until one is given.' }),
  }),
  submit: jsonObject({ cost }),
  errors: { cost_value_zero: 'cost', cost_value_negative: 'cost', data_json_invalid: 'form' },
});
