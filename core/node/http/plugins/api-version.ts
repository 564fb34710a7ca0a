import fp from 'fastify-plugin';
import { ApiError, Codes } from '../../../engine/errors.js';
import { API_VERSION_HEADER } from '../../../engine/wire-profile.js';
import { VERSION_OF, VERSION_SPELLINGS, generationOf, type Generation } from '../../../engine/versions.js';
import './request.js';

export interface ApiVersionOptions {
  /** The generation of an account's requests that name none (`undefined`: before the account is known). */
  defaultOf: (accountId: string | undefined) => Generation;
}

/**
 * Chooses each request's API generation: the `Flatpeak-Version` header when it names one, else
 * the service's default until the bearer names the account, then that account's default.
 * Every answer, errors included, names the version it was written in.
 */
export const apiVersion = fp<ApiVersionOptions>(
  async (app, opts) => {
    if (!app.hasRequestDecorator('generation')) app.decorateRequest('generation', 'anode');
    app.addHook('onRequest', async (request, reply) => {
      const sent = request.headers[API_VERSION_HEADER];
      request.generation = opts.defaultOf(undefined);
      reply.header(API_VERSION_HEADER, VERSION_OF[request.generation]);
      if (sent === undefined) return;
      const named = typeof sent === 'string' ? generationOf(sent.trim()) : undefined;
      if (!named)
        throw new ApiError(
          400,
          'invalid_request',
          Codes.apiVersionInvalid,
          `Flatpeak-Version must be one of ${VERSION_SPELLINGS.join(', ')}.`,
        );
      request.generation = named;
      reply.header(API_VERSION_HEADER, VERSION_OF[named]);
    });
  },
  { name: 'api-version' },
);

/** After authentication: a request that named no version takes its account's default. */
export const accountVersion = fp<ApiVersionOptions>(
  async (app, opts) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers[API_VERSION_HEADER] !== undefined || !request.scope) return;
      request.generation = opts.defaultOf(request.scope.accountId);
      reply.header(API_VERSION_HEADER, VERSION_OF[request.generation]);
    });
  },
  { name: 'account-version', dependencies: ['api-version', 'bearer-auth'] },
);
