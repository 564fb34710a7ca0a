import { z } from 'zod';
import { coded } from '../../schemas/common.js';
import { jsonObject } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** When the contract ends: a future date, or none for an open-ended contract. */
export const contractTermCapture = defineRoute({
  name: 'contract_term_capture',
  actions: ['BACK', 'CLOSE'],
  data: pageData({ contract_end_date: z.string() }),
  submit: z.preprocess(
    (v) => (v === undefined || v === null ? {} : v),
    jsonObject({
      contract_end_date: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.string(coded('contract_end_date_invalid', 'must be a date')).max(40).optional(),
      ),
    }),
  ),
  errors: { contract_end_date_invalid: 'contract_end_date', data_json_invalid: 'form' },
});
