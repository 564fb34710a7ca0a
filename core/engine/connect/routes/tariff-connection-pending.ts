import { ProviderHeader } from '../fields.js';
import { ACTION_ERRORS, defineRoute, pageData } from '../route.js';

/** A DIRECT provider has not delivered the tariff yet: the session is complete, the tariff PENDING. */
export const tariffConnectionPending = defineRoute({
  name: 'tariff_connection_pending',
  actions: ['EDIT', 'DISCONNECT', 'CLOSE'],
  data: pageData({ provider: ProviderHeader.nullable() }),
  submit: null,
  errors: ACTION_ERRORS,
});
