import type { Scope } from '../db/documents.js';
import type { Service } from '../service.js';
import type { Tariff } from '../../engine/schemas/tariff.js';
import type { PendingOutcome } from '../../engine/api/routes/pending-connections.js';
import { notFound, unprocessable } from '../../engine/errors.js';
import { directTariff } from './complete.js';
import { isoSeconds } from '../../engine/clock.js';

/**
 * Ends a pending DIRECT connection as the provider would (docs/connect.md, DIRECT providers):
 * `succeed` delivers the provider's tariff (CONNECTED, with its library schedule; `tariff.updated`),
 * `fail` marks it FAILED (`tariff.fetch.failed`), and the slot's next session shows
 * `tariff_connection_failed`. The change and its event are one transaction.
 */
export function resolvePending(svc: Service, scope: Scope, tariffId: string, outcome: PendingOutcome): Tariff {
  return svc.db.transaction(() => {
    const stored = svc.store.tariffs.get(scope, tariffId);
    if (!stored) throw notFound('tariff', tariffId);
    if (stored.status !== 'PENDING')
      throw unprocessable(
        'tariff_not_pending',
        `Tariff ${tariffId} is ${stored.status}: only a PENDING DIRECT tariff can be resolved.`,
      );
    if (outcome === 'fail') {
      svc.store.tariffs.replace(scope, { ...stored, status: 'FAILED' });
      svc.events.record(scope, 'tariff.fetch.failed', tariffId, {
        location_id: stored.location_id,
        tariff_id: tariffId,
        account_id: scope.accountId,
        live_mode: scope.liveMode,
      });
      return svc.tariffs.get(scope, tariffId);
    }
    // The provider's tariff of the slot, as a DIRECT session that succeeds at once would store it.
    let delivered = { schedule: stored.schedule, market: stored.market_rates, name: stored.display_name };
    if (stored.provider_id) {
      try {
        delivered = directTariff(
          svc.providers.get(stored.provider_id, scope.liveMode),
          stored.type,
          stored.direction ?? 'IMPORT',
        );
      } catch {
        /* a provider removed meanwhile delivers what the tariff has */
      }
    }
    svc.store.tariffs.replace(scope, {
      ...stored,
      status: 'CONNECTED',
      market_rates: delivered.market,
      ...(delivered.name ? { display_name: delivered.name } : {}),
      ...(delivered.schedule ? { schedule: delivered.schedule } : {}),
    });
    // Its rates changed now: prices report this as their last update.
    svc.db.prepare('UPDATE tariffs SET time_updated = ? WHERE id = ?').run(isoSeconds(svc.clock.now()), tariffId);
    svc.connectTokens.setPriceAvailable(scope, tariffId, true);
    const tariff = svc.tariffs.get(scope, tariffId);
    svc.events.record(scope, 'tariff.updated', tariffId, tariff);
    return tariff;
  })();
}
