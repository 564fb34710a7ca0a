import { asList, implement } from '../route.js';
import { marketContracts } from '../../../engine/api/routes/market.js';
import type { ParsedSeries } from '../../market/csv-import.js';

export const marketRoutes = implement(marketContracts, {
  'market.regions.list': ({ svc }) => asList('/market/regions', { data: svc.market.regions(), has_more: false }),
  'market.prices.list': ({ svc, params, query }) => ({
    object: 'market_prices' as const,
    region: params.id,
    data: svc.market.points(params.id, Date.parse(query.start_time), Date.parse(query.end_time)),
  }),
  // The CSV was read where the request's work ran (core/node/pool/heavy.ts); the write is here.
  'market.import': ({ svc, params, body, request }) =>
    request.prepared
      ? svc.market.storeImport(params.id, request.prepared as ParsedSeries)
      : svc.market.importCsv(params.id, body.csv, body.unit),
});
