import fp from 'fastify-plugin';
import { ApiError, Codes, unprocessable } from '../../../engine/errors.js';
import { API_VERSION, API_VERSION_HEADER, API_VERSIONS } from '../../../engine/wire-profile.js';

/**
 * The version header production clients send: every request runs under the account's version
 * (the newest the service speaks), and a header naming it is echoed on the answer. An earlier
 * known version is refused by name, with both versions in the message, as the production
 * service refuses a version older than the account's; anything else is not a version at all.
 */
export const apiVersion = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const v = request.headers[API_VERSION_HEADER];
      if (v === undefined) return;
      reply.header(API_VERSION_HEADER, API_VERSION);
      if (v === API_VERSION) return;
      // Named from the service's own list, never echoed from the request.
      const older = API_VERSIONS.find((known) => known === v);
      if (older)
        throw unprocessable(
          Codes.apiVersionNotSupported,
          `Flatpeak-Version ${older} is older than this account's version ${API_VERSION}, which is the one served; send ${API_VERSION} or leave the header out.`,
        );
      throw new ApiError(400, 'invalid_request', Codes.apiVersionInvalid, `Flatpeak-Version must be ${API_VERSION}.`);
    });
  },
  { name: 'api-version' },
);
