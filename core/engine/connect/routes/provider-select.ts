import { z } from 'zod';
import { AddressView, ProviderHeader, obj, text } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** The providers of the address's country that log in DIRECT or list a tariff of the slot. */
export const providerSelect = defineRoute({
  name: 'provider_select',
  actions: ['PROVIDER_MISSING', 'ADDRESS_CHANGE', 'BACK', 'CLOSE'],
  data: pageData({
    providers: z.array(ProviderHeader.extend({ id: z.string(), logo_url: z.string() })),
    postal_address: AddressView,
  }),
  submit: obj({ provider: obj({ id: text('provider_id_missing', 'Choose a provider.') }) }),
  errors: { provider_id_missing: 'provider', provider_not_found: 'provider', data_json_invalid: 'form' },
});
