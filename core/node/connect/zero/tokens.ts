import type { z } from 'zod';
import { DateTime } from 'luxon';
import type { Scope } from '../../db/documents.js';
import type { Service } from '../../service.js';
import type { ConnectTokenRecord } from '../../../engine/schemas/misc.js';
import type { Schedule } from '../../../engine/schemas/schedule.js';
import type { ZeroConnectImport, ZeroConnectInit, ZeroConnectToken } from '../../../engine/api/zero/connect-schemas.js';
import { invalid } from '../../../engine/errors.js';
import { dailySchedule } from '../../../engine/schedule/structure.js';
import { completionData } from '../complete.js';

type Init = z.output<typeof ZeroConnectInit>;
type Import = z.output<typeof ZeroConnectImport>;
type Session = NonNullable<Import['session']>;

/** Drops what the client left out, so the token stores only what was given. */
const given = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The token fields Zero's session and batch share, in the token service's words. */
function tokenInput(s: Session | Init, callback: string | null) {
  return given({
    callback_url: callback as string,
    postal_address: s.postal_address,
    location_id: s.location_id ?? undefined,
    tariff_type: s.type,
    tariff_direction: s.direction,
    customer_id: s.customer_id,
    customer_reference_id: s.customer_reference_id,
    location_reference_id: s.location_reference_id,
  }) as Parameters<Service['connectTokens']['create']>[1];
}

/** `POST /connect/tariff/token` in Zero: a token whose session speaks Zero. */
export function createZeroToken(svc: Service, scope: Scope, body: Init) {
  return svc.connectTokens.create(
    scope,
    {
      ...tokenInput(body, body.callback_uri),
      ...given({ connect_url: body.connect_web_uri, tariff_id: body.tariff_id }),
    },
    'zero',
  );
}

/**
 * A token as Zero's exchange shows it (ConnectToken): references and the customer the token
 * was given, else its location's (a token made for a known location names that location's);
 * Zero writes strings where there is nothing yet (no location: empty) and leaves out an unknown customer.
 */
export function zeroTokenView(svc: Service, scope: Scope, id: string): z.input<typeof ZeroConnectToken> {
  const v = svc.connectTokens.view(scope, id);
  const stored = v.location_id ? svc.store.locations.get(scope, v.location_id) : undefined;
  const loc = stored ? svc.locations.view(scope, stored) : null;
  const customerId = v.customer_id ?? loc?.customer_id ?? null;
  const customerReference =
    v.customer_reference_id ??
    (customerId && svc.customers.has(scope, customerId) ? svc.customers.find(scope, customerId).reference_id : null);
  return {
    id: v.id,
    object: 'connect_token',
    live_mode: v.live_mode,
    ...(customerId ? { customer_id: customerId } : {}),
    ...(customerReference ? { customer_reference_id: customerReference } : {}),
    location_id: v.location_id ?? '',
    location_reference_id: v.location_reference_id ?? loc?.reference_id ?? '',
    is_tariff_processed: v.price_available,
    complete_action: v.complete_action ?? '',
    time_created: v.time_created,
    time_expiry: v.time_expiry,
  };
}

/** The schedule a batch tariff is stored with: its `data`, or for MARKET without one, the market price as it is. */
function scheduleOf(tariff: NonNullable<Import['tariff']>): Schedule {
  if (tariff.data) return tariff.data;
  if (tariff.type !== 'MARKET') throw invalid('data_missing', `tariff.data is required for a ${tariff.type} tariff.`);
  return dailySchedule([
    { valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ surcharge_fixed: 0, surcharge_percentage: 0 }] },
  ]);
}

/**
 * `POST /connect/tariff/batch`: what a session would store, given at once (docs/connect.md, Zero
 * dialect). The location (the session's, or a new one at the address) and the tariff, replacing
 * its slot, are stored with a spent token, in one transaction; `session.disconnect` empties the
 * slot instead. Answers the token as the exchange shows it.
 */
export async function runZeroBatch(svc: Service, scope: Scope, body: Import) {
  const s: Session = body.session ?? {};
  const address = s.postal_address ?? body.postal_address;
  if (s.disconnect) {
    if (!s.location_id) throw invalid('location_id_missing', 'session.disconnect needs session.location_id.');
    const { connect_token } = svc.connectTokens.create(
      scope,
      { ...tokenInput(s, null), actions: { disconnect_tariff: true } },
      'zero',
    );
    return zeroTokenView(svc, scope, connect_token);
  }
  const tariff = body.tariff;
  if (!tariff) throw invalid('tariff_missing', 'tariff is required (or session.disconnect).');
  const schedule = scheduleOf(tariff);
  if (!s.location_id && !address?.country_code)
    throw invalid('country_code_missing', 'postal_address.country_code is required for a new location.');
  if (s.location_id) svc.locations.find(scope, s.location_id);
  if (tariff.provider_id) svc.providers.get(tariff.provider_id, scope.liveMode);
  const fresh = s.location_id
    ? undefined
    : await svc.locations.prepare(scope, {
        postal_address: address as { country_code: string },
        ...(s.customer_id ? { customer_id: s.customer_id } : {}),
        ...(s.location_reference_id ? { reference_id: s.location_reference_id } : {}),
      });
  return svc.db.transaction(() => {
    const { connect_token } = svc.connectTokens.create(
      scope,
      { ...tokenInput(s, null), postal_address: address },
      'zero',
    );
    const before = svc.connectTokens.load(connect_token)!;
    const t: ConnectTokenRecord = structuredClone(before);
    const customerId =
      s.customer_id ?? (s.customer_reference_id ? svc.customers.byReference(scope, s.customer_reference_id).id : null);
    const locationId =
      s.location_id ?? svc.locations.insert(scope, { ...fresh!, customer_id: fresh!.customer_id ?? customerId }).id;
    if (s.location_id && customerId) svc.locations.setCustomer(scope, locationId, customerId);
    // Without a start, the contract already runs: from the start of the location's local day, as a session's does.
    const zone = svc.locations.find(scope, locationId).timezone;
    const start = tariff.contract?.start_date ?? DateTime.fromJSDate(svc.clock.now(), { zone }).toISODate()!;
    const type = t.tariff_type;
    const direction = t.tariff_direction;
    const replacing = svc.tariffs.slot(scope, locationId, type, direction).map((x) => x.id);
    const stored = svc.tariffs.create(
      scope,
      {
        location_id: locationId,
        type,
        direction,
        ...(tariff.name ? { display_name: tariff.name } : {}),
        ...(tariff.provider_id ? { provider_id: tariff.provider_id } : {}),
        market_rates: tariff.type === 'MARKET',
        contract_start_date: start,
        contract_end_date: tariff.contract?.end_date ?? null,
        schedule,
      },
      { connection_type: 'MANUAL', is_linked: false },
      replacing,
    );
    Object.assign(t, {
      location_id: locationId,
      tariff_id: stored.id,
      customer_id: customerId ?? t.customer_id,
      used: true,
      complete_action: 'SAVE',
      price_available: true,
    });
    svc.connectTokens.update(before, t);
    svc.events.record(scope, 'connect.session.complete', t.id, completionData(t));
    return zeroTokenView(svc, scope, t.id);
  })();
}
