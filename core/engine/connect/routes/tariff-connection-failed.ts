import { ConnectionType } from '../../schemas/common.js';
import { ProviderHeader } from '../fields.js';
import { ACTION_ERRORS, defineRoute, pageData } from '../route.js';

/** A DIRECT provider did not share the tariff (refused consent, or a pending connection that failed). */
export const tariffConnectionFailed = defineRoute({
  name: 'tariff_connection_failed',
  actions: ['EDIT', 'DISCONNECT', 'CLOSE'],
  data: pageData({ provider: ProviderHeader.nullable(), connection_type: ConnectionType }),
  submit: null,
  errors: ACTION_ERRORS,
});
