import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { idOf, listOf } from '../../../engine/schemas/common.js';
import { ConnectToken, ConnectTokenCreate, ConnectTokenCreated } from '../../../engine/schemas/misc.js';
import { LocationStatus } from '../../../engine/schemas/connect.js';

/** SPEC.md section 1: what a client may offer before a location exists, by device. */
export const DEVICE_OPTIONS = {
  EV_CHARGER: [['COMMODITY', 'IMPORT']],
  HVAC: [['COMMODITY', 'IMPORT']],
  ENERGY_STORAGE: [
    ['COMMODITY', 'IMPORT'],
    ['COMMODITY', 'EXPORT'],
  ],
  SOLAR: [
    ['COMMODITY', 'IMPORT'],
    ['COMMODITY', 'EXPORT'],
    ['COMMODITY', 'LOCAL'],
  ],
} as const;

const DeviceOptions = listOf(
  z.object({
    device: z.enum(['EV_CHARGER', 'HVAC', 'ENERGY_STORAGE', 'SOLAR']),
    combinations: z.array(z.object({ tariff_type: z.string(), tariff_direction: z.string() })),
  }),
  'DeviceOptions',
);

export const connectRoutes = [
  defineRoute({
    method: 'POST',
    path: '/connect/token',
    operationId: 'connect_token.create',
    summary: 'Create a connect token (or disconnect a tariff at once)',
    tag: 'Connect',
    body: ConnectTokenCreate,
    response: ConnectTokenCreated,
    handler: ({ svc, scope, body }) => svc.connectTokens.create(scope, body),
  }),
  defineRoute({
    method: 'GET',
    path: '/connect/token',
    operationId: 'connect_token.retrieve',
    summary: 'Retrieve a connect token (location id, price_available)',
    tag: 'Connect',
    query: z.strictObject({ connect_token: idOf('connectToken', 'connect_token') }),
    response: ConnectToken,
    handler: ({ svc, scope, query }) => svc.connectTokens.view(scope, query.connect_token),
  }),
  defineRoute({
    method: 'GET',
    path: '/connect/options',
    operationId: 'connect_options.list',
    summary: 'Default tariff combinations by device, for clients without a location',
    tag: 'Connect',
    query: z.strictObject({ device: z.enum(['EV_CHARGER', 'HVAC', 'ENERGY_STORAGE', 'SOLAR']).optional() }),
    response: DeviceOptions,
    handler: ({ query }) =>
      asList('/connect/options', {
        has_more: false,
        data: Object.entries(DEVICE_OPTIONS)
          .filter(([d]) => !query.device || d === query.device)
          .map(([device, combos]) => ({
            device: device as keyof typeof DEVICE_OPTIONS,
            combinations: combos.map(([tariff_type, tariff_direction]) => ({ tariff_type, tariff_direction })),
          })),
      }),
  }),
  defineRoute({
    method: 'GET',
    path: '/locations/:id/status',
    operationId: 'locations.status',
    summary: 'Tariff connections of a location, with the grid-fee offer',
    tag: 'Locations',
    params: z.strictObject({ id: idOf('location') }),
    response: LocationStatus,
    handler: ({ svc, scope, params }) => svc.status.status(scope, params.id),
  }),
];
