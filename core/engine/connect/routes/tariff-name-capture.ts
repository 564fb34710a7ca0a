import { z } from 'zod';
import { obj, text } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** A tariff that is not listed, typed in by name. */
export const tariffNameCapture = defineRoute({
  name: 'tariff_name_capture',
  actions: ['BACK', 'CLOSE'],
  data: pageData({ tariff: z.strictObject({ name: z.string() }) }),
  submit: obj({ tariff: obj({ name: text('tariff_name_missing', 'Enter the tariff name.') }) }),
  errors: { tariff_name_missing: 'tariff_name', data_json_invalid: 'form' },
});
