import { asList, implement } from '../route.js';
import { marketContracts } from '../../../engine/api/routes/market.js';

export const marketRoutes = implement(marketContracts, {
  'market.regions.list': ({ svc }) => asList('/market/regions', { data: svc.market.regions(), has_more: false }),
  'market.prices.list': ({ svc, params, query }) => ({
    object: 'market_prices' as const,
    region: params.id,
    data: svc.market.points(params.id, Date.parse(query.start_time), Date.parse(query.end_time)),
  }),
  'market.import': ({ svc, params, body }) => svc.market.importCsv(params.id, body.csv, body.unit),
});
