import { z } from 'zod';
import { AddressView, obj, text } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** A provider that is not listed, typed in by name. */
export const providerNameCapture = defineRoute({
  name: 'provider_name_capture',
  actions: ['ADDRESS_CHANGE', 'BACK', 'CLOSE'],
  data: pageData({ provider: z.strictObject({ name: z.string() }), postal_address: AddressView }),
  submit: obj({ provider: obj({ name: text('provider_name_missing', 'Enter the provider name.') }) }),
  errors: { provider_name_missing: 'provider_name', data_json_invalid: 'form' },
});
