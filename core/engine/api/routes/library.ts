import { contracts } from '../contract.js';
import { z } from 'zod';
import { idOf, listOf } from '../../schemas/common.js';
import { Provider, ProviderCreate, ProviderUpdate } from '../../schemas/misc.js';
import { GridFee, GridFeeCreate } from '../../schemas/connect.js';
import { SettingDefaults } from '../../settings.js';
import { WireProfile } from '../../wire-profile.js';
import { ApiVersion, VERSION_OF } from '../../versions.js';
import { ConnectWebOrigins } from '../../connect/origins.js';

const ProviderId = z.strictObject({ id: idOf('provider') });
const Settings = z
  .object({
    object: z.literal('settings'),
    connect_token_ttl_seconds: z.number().int(),
    bearer_token_ttl_seconds: z.number().int(),
    rate_limit_per_minute: z.number().int(),
    wire_profile: WireProfile,
    api_version: z.enum([VERSION_OF.anode, VERSION_OF.zero]).meta({
      description: "The version this account's requests are answered in when they send no Flatpeak-Version",
    }),
    connect_web_origins: z.array(z.string()),
  })
  .meta({ id: 'Settings' });

export const libraryContracts = contracts({
  'providers.create': {
    method: 'POST',
    path: '/providers',
    summary: 'Add a provider to the library',
    tag: 'Providers',
    body: ProviderCreate,
    response: Provider,
  },
  'providers.update': {
    method: 'PATCH',
    path: '/providers/:id',
    summary: 'Edit a provider (tariffs, DIRECT behaviour, …)',
    tag: 'Providers',
    params: ProviderId,
    body: ProviderUpdate,
    response: Provider,
  },
  'providers.delete': {
    method: 'DELETE',
    path: '/providers/:id',
    summary: 'Remove a provider from the library',
    tag: 'Providers',
    params: ProviderId,
    response: Provider,
  },
  'grid_fees.list': {
    method: 'GET',
    path: '/grid-fees',
    summary: 'The grid-fee data set',
    tag: 'Grid fees',
    query: z.strictObject({}),
    response: listOf(GridFee),
  },
  'grid_fees.create': {
    method: 'POST',
    path: '/grid-fees',
    summary: 'Add a grid-fee entry',
    tag: 'Grid fees',
    body: GridFeeCreate,
    response: GridFee,
  },
  'grid_fees.delete': {
    method: 'DELETE',
    path: '/grid-fees/:id',
    summary: 'Remove a grid-fee entry',
    tag: 'Grid fees',
    params: z.strictObject({ id: idOf('gridFee') }),
    response: GridFee,
  },
  'settings.retrieve': {
    method: 'GET',
    path: '/settings',
    summary: 'Token lifetimes',
    tag: 'Settings',
    query: z.strictObject({}),
    response: Settings,
  },
  'settings.update': {
    method: 'PATCH',
    path: '/settings',
    summary: 'Change token lifetimes',
    tag: 'Settings',
    body: z.strictObject({
      connect_token_ttl_seconds: z
        .number()
        .int()
        .min(60)
        .max(30 * 86400)
        .optional()
        .meta({ description: `Default ${SettingDefaults.connect_token_ttl_seconds}` }),
      bearer_token_ttl_seconds: z
        .number()
        .int()
        .min(60)
        .max(30 * 86400)
        .optional()
        .meta({ description: 'For this account; default 3600' }),
      rate_limit_per_minute: z
        .number()
        .int()
        .min(1)
        .max(1_000_000)
        .optional()
        .meta({ description: 'Requests a minute for this account; default 6000' }),
      connect_web_origins: ConnectWebOrigins.optional(),
      api_version: ApiVersion.optional(),
      wire_profile: WireProfile.optional().meta({
        description:
          "For this account: spec (default) or published, the production service's forms where they differ (docs/api.md, Wire profiles)",
      }),
    }),
    response: Settings,
  },
});
