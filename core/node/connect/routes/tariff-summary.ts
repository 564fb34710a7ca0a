import { DateTime } from 'luxon';
import type { ServerRoute } from '../context.js';
import { isTiered, structureOf } from '../../../engine/schedule/structure.js';
import { compileComponent } from '../../../engine/pricing/compile.js';
import { computePrices } from '../../../engine/pricing/engine.js';
import { confirmStored } from '../complete.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export const tariffSummary: ServerRoute<'tariff_summary'> = {
  actions: {
    // Done on a tariff the session opened on completes the session with it; after a session stored one, it leaves.
    // The redirect is taken first: it closes the session, and confirmStored saves that too. The sheet's own
    // Close sends `confirm: false`: the customer left without confirming, and the session stored nothing.
    CLOSE: (ctx, data) => {
      const reply = ctx.callback();
      if (isObject(data) && data.confirm === false) return { reply };
      return { reply, ...(confirmStored(ctx) ? { saved: true as const } : {}) };
    },
  },
  render: (ctx) => {
    const t = ctx.t;
    const tariff = ctx.slotTariff();
    if (!tariff)
      return { currency_code: ctx.currency(), market_rates_source: false, tariff: null, rates: { today: [] } };
    const loc = ctx.svc.locations.find(ctx.scope, t.location_id!);
    const day = DateTime.fromJSDate(ctx.svc.clock.now(), { zone: loc.timezone }).startOf('day');
    // A tariff the provider has not delivered has no schedule yet, so no prices.
    const c = tariff.schedule ? compileComponent(tariff, loc.timezone) : undefined;
    const rates = (start: DateTime) => {
      if (!c) return [];
      const from = start.toMillis();
      const to = start.plus({ days: 1 }).startOf('day').toMillis();
      const market =
        tariff.market_rates && loc.market_region ? ctx.svc.market.series(loc.market_region, from, to) : undefined;
      return computePrices({
        zone: loc.timezone,
        from,
        to,
        direction: t.tariff_direction,
        components: [c],
        market,
      }).map((iv) => ({
        valid_from: DateTime.fromMillis(iv.from, { zone: loc.timezone }).toISO({ suppressMilliseconds: true })!,
        valid_to: DateTime.fromMillis(iv.to, { zone: loc.timezone }).toISO({ suppressMilliseconds: true })!,
        tariff: { cost: iv.value, confidence: iv.confidence },
      }));
    };
    const provider = ctx.providerHeader(tariff.provider_id);
    return {
      currency_code: loc.currency_code,
      market_rates_source: tariff.market_rates,
      tariff: {
        name: tariff.display_name ?? 'Tariff',
        ...(tariff.contract_end_date ? { contract_end_date: tariff.contract_end_date } : {}),
        structure_type: structureOf(tariff),
        tiered: isTiered(tariff.schedule),
      },
      rates: { today: rates(day), tomorrow: rates(day.plus({ days: 1 }).startOf('day')) },
      ...(provider ? { provider } : {}),
    };
  },
};
