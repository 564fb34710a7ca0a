import { createApiClient, ServiceError, type ApiClient } from '../../core/engine/api/client';
import { CLIENT_HEADER } from '../../core/engine/schemas/traffic';
import type { Bootstrap } from './bootstrap';

export { ServiceError, type ApiClient };

/**
 * The renderer talks to the service over HTTP like any client, through the typed client derived
 * from the API's contract table: it logs in with the mode's key and again when the bearer lapses.
 */
export function apiClientFor(boot: Bootstrap, liveMode: boolean): ApiClient {
  return createApiClient({
    baseUrl: boot.api_url,
    credentials: { accountId: boot.account_id, apiKey: liveMode ? boot.live_key : boot.test_key },
    // Marks the app's own requests (its polling above all) so the journal can leave them out.
    headers: { [CLIENT_HEADER]: 'app' },
    // Moving the clock (or restoring a scenario, which may set it) outdates the bearer at once.
    renewAfter: ['clock.set', 'clock.advance', 'scenarios.restore', 'workspace.import'],
  });
}
