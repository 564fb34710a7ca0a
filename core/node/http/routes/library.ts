import { z } from 'zod';
import { asList, defineRoute } from '../route.js';
import { idOf, listOf } from '../../../engine/schemas/common.js';
import { Provider, ProviderCreate, ProviderUpdate } from '../../../engine/schemas/misc.js';
import { GridFee, GridFeeCreate } from '../../../engine/schemas/connect.js';
import { SettingDefaults } from '../../services/settings.js';

const ProviderId = z.strictObject({ id: idOf('provider') });
const Settings = z
  .object({
    object: z.literal('settings'),
    connect_token_ttl_seconds: z.number().int(),
    bearer_token_ttl_seconds: z.number().int(),
    rate_limit_per_minute: z.number().int(),
  })
  .meta({ id: 'Settings' });

const settingsView = (svc: import('../../service.js').Service, accountId: string) => ({
  object: 'settings' as const,
  ...svc.settings.all(),
  bearer_token_ttl_seconds: svc.accounts.get(accountId)!.token_ttl_seconds,
  rate_limit_per_minute: svc.settings.rateLimit(accountId),
});

export const libraryRoutes = [
  defineRoute({
    method: 'POST',
    path: '/providers',
    operationId: 'providers.create',
    summary: 'Add a provider to the library',
    tag: 'Providers',
    body: ProviderCreate,
    response: Provider,
    handler: ({ svc, scope, body }) => svc.providers.create(body, scope.liveMode),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/providers/:id',
    operationId: 'providers.update',
    summary: 'Edit a provider (tariffs, DIRECT behaviour, …)',
    tag: 'Providers',
    params: ProviderId,
    body: ProviderUpdate,
    response: Provider,
    handler: ({ svc, scope, params, body }) => svc.providers.update(params.id, body, scope.liveMode),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/providers/:id',
    operationId: 'providers.delete',
    summary: 'Remove a provider from the library',
    tag: 'Providers',
    params: ProviderId,
    response: Provider,
    handler: ({ svc, scope, params }) => svc.providers.delete(params.id, scope.liveMode),
  }),
  defineRoute({
    method: 'GET',
    path: '/grid-fees',
    operationId: 'grid_fees.list',
    summary: 'The grid-fee data set',
    tag: 'Grid fees',
    query: z.strictObject({}),
    response: listOf(GridFee),
    handler: ({ svc }) => asList('/grid-fees', { data: svc.gridFees.list(), has_more: false }),
  }),
  defineRoute({
    method: 'POST',
    path: '/grid-fees',
    operationId: 'grid_fees.create',
    summary: 'Add a grid-fee entry',
    tag: 'Grid fees',
    body: GridFeeCreate,
    response: GridFee,
    handler: ({ svc, body }) => svc.gridFees.create(body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/grid-fees/:id',
    operationId: 'grid_fees.delete',
    summary: 'Remove a grid-fee entry',
    tag: 'Grid fees',
    params: z.strictObject({ id: idOf('gridFee') }),
    response: GridFee,
    handler: ({ svc, params }) => svc.gridFees.delete(params.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/settings',
    operationId: 'settings.retrieve',
    summary: 'Token lifetimes',
    tag: 'Settings',
    query: z.strictObject({}),
    response: Settings,
    handler: ({ svc, scope }) => settingsView(svc, scope.accountId),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/settings',
    operationId: 'settings.update',
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
    }),
    response: Settings,
    handler: ({ svc, scope, body }) => {
      if (body.connect_token_ttl_seconds !== undefined)
        svc.settings.set('connect_token_ttl_seconds', body.connect_token_ttl_seconds);
      if (body.bearer_token_ttl_seconds !== undefined)
        svc.accounts.setTokenTtl(scope.accountId, body.bearer_token_ttl_seconds);
      if (body.rate_limit_per_minute !== undefined)
        svc.settings.setRateLimit(scope.accountId, body.rate_limit_per_minute);
      return settingsView(svc, scope.accountId);
    },
  }),
];
