import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf, listOf } from '../../schemas/common.js';
import { ConnectToken, ConnectTokenCreate, ConnectTokenCreated } from '../../schemas/misc.js';
import { LocationStatus } from '../../schemas/connect.js';

/** What a client may offer before a location exists, by device (docs/connect.md, Device defaults). */
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

export const connectContracts = contracts({
  'connect_token.create': {
    method: 'POST',
    path: '/connect/token',
    summary: 'Create a connect token (or disconnect a tariff at once)',
    tag: 'Connect',
    body: ConnectTokenCreate,
    response: ConnectTokenCreated,
  },
  'connect_token.retrieve': {
    method: 'GET',
    path: '/connect/token',
    summary: 'Retrieve a connect token (location id, price_available)',
    tag: 'Connect',
    query: z.strictObject({ connect_token: idOf('connectToken', 'connect_token') }),
    response: ConnectToken,
  },
  // The paths the production reference's create and retrieve pages still show: the same operations.
  'connect_tariff_token.create': {
    method: 'POST',
    path: '/connect/tariff/token',
    summary: 'Create a connect token (the older path of POST /connect/token)',
    tag: 'Connect',
    body: ConnectTokenCreate,
    response: ConnectTokenCreated,
  },
  'connect_tariff_token.retrieve': {
    method: 'GET',
    path: '/connect/tariff/token',
    summary: 'Retrieve a connect token (the older path of GET /connect/token)',
    tag: 'Connect',
    query: z.strictObject({ connect_token: idOf('connectToken', 'connect_token') }),
    response: ConnectToken,
  },
  'connect_options.list': {
    method: 'GET',
    path: '/connect/options',
    summary: 'Default tariff combinations by device, for clients without a location',
    tag: 'Connect',
    query: z.strictObject({ device: z.enum(['EV_CHARGER', 'HVAC', 'ENERGY_STORAGE', 'SOLAR']).optional() }),
    response: DeviceOptions,
  },
  'locations.status': {
    method: 'GET',
    path: '/locations/:id/status',
    summary: 'Tariff connections of a location, with the grid-fee offer',
    tag: 'Locations',
    params: z.strictObject({ id: idOf('location') }),
    response: LocationStatus,
  },
});
