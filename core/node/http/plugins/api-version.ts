import fp from 'fastify-plugin';
import { ApiError } from '../../../engine/errors.js';
import { API_VERSION, API_VERSION_HEADER } from '../../../engine/wire-profile.js';

/**
 * The version header production clients send: the one version the service speaks is accepted
 * and echoed on the answer; any other is refused, so a client pinned elsewhere finds out at once.
 */
export const apiVersion = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const v = request.headers[API_VERSION_HEADER];
      if (v === undefined) return;
      reply.header(API_VERSION_HEADER, API_VERSION);
      if (v !== API_VERSION) {
        throw new ApiError(
          400,
          'invalid_request',
          'api_version_invalid',
          `${API_VERSION_HEADER} must be ${API_VERSION}.`,
        );
      }
    });
  },
  { name: 'api-version' },
);
