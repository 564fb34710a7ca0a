import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, Codes, errorBody } from '../../../engine/errors.js';
import { fromZod } from '../../../engine/api/validate.js';
import './request.js';

/** Maps framework errors (body parsing, limits, URLs) onto the service's error object. */
export function frameworkError(err: FastifyError): ApiError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'invalid_request', Codes.bodyTooLarge, 'The body is larger than this route accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'invalid_request', Codes.contentTypeUnsupported, 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_request', 'body_missing', 'The body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'invalid_request', 'content_length_invalid', 'Content-Length does not match the body.');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new ApiError(400, 'invalid_request', 'url_invalid', 'The URL is malformed.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, 'invalid_request', 'url_too_long', 'A path segment is too long.');
    default:
      if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return new ApiError(400, 'invalid_request', Codes.bodyInvalidJson, 'The body is not valid JSON.');
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return new ApiError(err.statusCode, 'invalid_request', 'request_invalid', err.message);
      }
      return new ApiError(
        500,
        'api_error',
        Codes.internal,
        'Something went wrong on our side; the request changed nothing.',
      );
  }
}

export interface ErrorOptions {
  /** The `context` of errors raised outside any route (unknown paths, framework errors). */
  surface: string;
  now: () => Date;
  /** The answer for an unknown path; the default is a JSON 404 naming it. */
  notFound?: boolean;
}

const contextOf = (req: FastifyRequest, surface: string) => req.routeOptions.config?.operationId ?? surface;

/**
 * Every error becomes the service's error object: named code, message, context, mode, time and
 * the request's id (as the journal records it), always JSON, `Retry-After` where one applies,
 * never a stack trace.
 */
export const errorBodies = fp<ErrorOptions>(
  async (app, opts) => {
    app.setErrorHandler((err: FastifyError | ApiError | z.ZodError, request, reply) => {
      const apiErr =
        err instanceof ApiError ? err : err instanceof z.ZodError ? fromZod(err, 'body') : frameworkError(err);
      if (apiErr.status >= 500) request.log.error(err);
      if (apiErr.extra.retry_after !== undefined) reply.header('Retry-After', String(apiErr.extra.retry_after));
      const live = request.scope?.liveMode ?? false;
      const body = errorBody(apiErr, contextOf(request, opts.surface), live, opts.now(), request.id);
      void reply.code(apiErr.status).type('application/json').send(JSON.stringify(body));
    });
    if (opts.notFound !== false) {
      app.setNotFoundHandler((request, reply) => {
        const e = new ApiError(
          404,
          'invalid_request',
          Codes.routeNotFound,
          `No route ${request.method} ${request.url.split('?')[0]}.`,
        );
        void reply
          .code(404)
          .type('application/json')
          .send(JSON.stringify(errorBody(e, opts.surface, false, opts.now(), request.id)));
      });
    }
  },
  { name: 'error-bodies' },
);
