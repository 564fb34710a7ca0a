import { DateTime } from 'luxon';
import type { Schedule } from '../../engine/schemas/schedule.js';
import type { Charges } from '../../engine/schemas/charges.js';
import type { Provider } from '../../engine/schemas/misc.js';
import type { TariffDirection, TariffType } from '../../engine/schemas/common.js';
import type { RouteContext } from './context.js';
import { dailySchedule } from '../../engine/schedule/structure.js';

interface Captured {
  schedule: Schedule;
  market: boolean;
  name: string;
  /** A library tariff's standing and other charges, which the linked tariff carries too. */
  charges?: Charges;
  provider_id?: string;
  origin: { connection_type: 'MANUAL' | 'LIBRARY' | 'DIRECT'; is_linked: boolean };
}

/**
 * What a DIRECT provider delivers for a slot: its first library tariff of the slot, else its
 * first tariff, else a flat 0.30 (docs/connect.md, DIRECT providers).
 */
export function directTariff(
  p: Provider,
  type: TariffType,
  direction: TariffDirection,
): { schedule: Schedule; market: boolean; name: string; charges?: Charges } {
  const lt = p.tariffs.find((x) => x.type === type && x.direction === direction) ?? p.tariffs[0];
  return {
    schedule: lt?.schedule ?? dailySchedule([{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }]),
    market: lt?.market_rates ?? false,
    name: lt?.name ?? `${p.display_name} tariff`,
    // Charges belong to a supply tariff: a first tariff of another slot lends none to an export.
    ...(lt?.charges && direction === 'IMPORT' && lt.direction === 'IMPORT' ? { charges: lt.charges } : {}),
  };
}

/** What the session captured, as a tariff schedule and its origin. */
function captured(ctx: RouteContext): Captured {
  const { svc, t, s } = ctx;
  if (s.connection_type === 'DIRECT') {
    const p = svc.providers.get(s.provider_id!, false);
    return {
      ...directTariff(p, t.tariff_type, t.tariff_direction),
      provider_id: p.id,
      origin: { connection_type: 'DIRECT', is_linked: true },
    };
  }
  if (s.library_tariff_id) {
    if (t.tariff_type === 'NON_COMMODITY') {
      const g = svc.gridFees.get(s.library_tariff_id);
      return {
        schedule: g.schedule,
        market: false,
        name: `${g.grid_operator}: ${g.display_name}`,
        origin: { connection_type: 'LIBRARY', is_linked: true },
      };
    }
    const lt = svc.providers.libraryTariff(s.provider_id!, s.library_tariff_id)!;
    return {
      schedule: lt.schedule,
      market: lt.market_rates,
      name: lt.name,
      ...(lt.charges ? { charges: lt.charges } : {}),
      provider_id: s.provider_id!,
      origin: { connection_type: 'LIBRARY', is_linked: true },
    };
  }
  const name = [s.provider_name, s.tariff_name].filter(Boolean).join(' – ') || 'Manual tariff';
  const manual = {
    name,
    ...(s.provider_id ? { provider_id: s.provider_id } : {}),
    origin: { connection_type: 'MANUAL' as const, is_linked: false },
  };
  if (s.structure === 'FIXED')
    return {
      ...manual,
      schedule: dailySchedule([{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: s.fixed_cost! }] }]),
      market: false,
    };
  if (s.structure === 'TIME_OF_DAY')
    return {
      ...manual,
      schedule: dailySchedule(
        s.tod_hours!.map((h) => ({ valid_from: h.valid_from, valid_to: h.valid_to, rate: [{ fixed: h.cost }] })),
      ),
      market: false,
    };
  const sc = s.surcharge ?? { fixed: 0, percentage: 0 };
  return {
    ...manual,
    // Typed as a percent (5), stored as a fraction (0.05).
    schedule: dailySchedule([
      {
        valid_from: '00:00:00',
        valid_to: '00:00:00',
        rate: [{ surcharge_fixed: sc.fixed, surcharge_percentage: sc.percentage / 100 }],
      },
    ]),
    market: true,
  };
}

/**
 * Stores the location (new or existing) and the tariff, replacing the slot's previous ones,
 * marks the token used and records `connect.session.complete`, all in one transaction. A
 * pending DIRECT provider's tariff is stored PENDING, without a schedule, until it is resolved
 * (pending.ts); its session rests on `tariff_connection_pending`, the others on the summary.
 */
export async function complete(ctx: RouteContext, contractEnd: string | null, pending = false): Promise<void> {
  const { svc, t, s, scope } = ctx;
  const c = captured(ctx);
  const newLocation = t.location_id
    ? undefined
    : {
        ...(await svc.locations.prepare(scope, {
          // Only the parts of the address the customer gave; the country is always captured by now.
          postal_address: Object.fromEntries(Object.entries(ctx.address()).filter(([, v]) => v)) as {
            country_code: string;
          },
          ...(s.region ? { market_region: s.region } : {}),
          ...(t.location_reference_id ? { reference_id: t.location_reference_id } : {}),
        })),
        location_reference_id: t.location_reference_id ?? null,
      };
  svc.db.transaction(() => {
    const customerId = sessionCustomer(ctx);
    const locationId = t.location_id ?? svc.locations.insert(scope, { ...newLocation!, customer_id: customerId }).id;
    if (t.location_id && customerId) svc.locations.setCustomer(scope, locationId, customerId);
    // A linked or typed-in contract is already running: it applies from the start of the local day.
    const zone = svc.locations.find(scope, locationId).timezone;
    const contractStart = DateTime.fromJSDate(svc.clock.now(), { zone }).toISODate()!;
    if (s.region && t.location_id && c.market) svc.locations.setMarketRegion(scope, locationId, s.region);
    const replacing = svc.tariffs.slot(scope, locationId, t.tariff_type, t.tariff_direction).map((x) => x.id);
    const tariff = svc.tariffs.create(
      scope,
      {
        location_id: locationId,
        type: t.tariff_type,
        direction: t.tariff_direction,
        display_name: c.name,
        ...(c.provider_id ? { provider_id: c.provider_id } : {}),
        market_rates: pending ? false : c.market,
        contract_start_date: contractStart,
        contract_end_date: contractEnd,
        ...(pending ? {} : { schedule: c.schedule }),
        ...(c.charges ? { charges: c.charges } : {}),
      },
      { ...c.origin, ...(pending ? { status: 'PENDING' as const } : {}) },
      replacing,
    );
    t.location_id = locationId;
    t.tariff_id = tariff.id;
    t.used = true;
    t.complete_action = 'SAVE';
    t.price_available = !pending;
    ctx.truncate(0);
    s.route = pending ? 'tariff_connection_pending' : 'tariff_summary';
    ctx.save();
    svc.events.record(scope, 'connect.session.complete', t.id, completionData(t));
  })();
}

/**
 * Done on the summary of the tariff a session opened on (the slot was already connected): the
 * customer confirmed it, so the session completes with it. The token is spent (`SAVE`: the
 * slot's tariff stands saved) and `connect.session.complete` names that tariff, so a client
 * waiting for the event stops waiting. Answers whether the token was saved.
 */
export function confirmStored(ctx: RouteContext): boolean {
  const { svc, t, scope } = ctx;
  const tariff = ctx.slotTariff();
  if (t.used || !tariff) return false;
  svc.db.transaction(() => {
    const customerId = sessionCustomer(ctx);
    if (customerId && t.location_id) svc.locations.setCustomer(scope, t.location_id, customerId);
    t.tariff_id = tariff.id;
    t.used = true;
    t.complete_action = 'SAVE';
    t.price_available = tariff.status === 'CONNECTED';
    ctx.save();
    svc.events.record(scope, 'connect.session.complete', t.id, completionData(t));
  })();
  return true;
}

/**
 * The customer a completed session's location joins: the token's customer_id while that customer
 * exists, else the customer with the token's customer_reference_id, made now when none has it.
 * The token then names it. Runs in the completing transaction.
 */
function sessionCustomer(ctx: RouteContext): string | null {
  const { svc, t, scope } = ctx;
  if (t.customer_id && svc.store.customers.get(scope, t.customer_id)) return t.customer_id;
  if (!t.customer_reference_id) return null;
  t.customer_id = svc.customers.byReference(scope, t.customer_reference_id).id;
  return t.customer_id;
}

/** The `connect.session.complete` payload: the token, its location and what the client gave the token. */
export function completionData(t: RouteContext['t']) {
  return {
    id: t.id,
    object: 'connect_token',
    location_id: t.location_id,
    price_available: t.price_available,
    tariff_id: t.tariff_id,
    customer_id: t.customer_id ?? null,
    customer_reference_id: t.customer_reference_id ?? null,
    location_reference_id: t.location_reference_id ?? null,
  };
}
