import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { z } from 'zod';
import { ApiError, Codes, errorBody } from '../../../engine/errors.js';
import { fromZod } from '../../../engine/api/validate.js';
import { JSON_CSP } from './security-headers.js';
import './request.js';

/** Maps framework errors (body parsing, limits, URLs) onto the service's error object. */
export function frameworkError(err: FastifyError): ApiError {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'invalid_request', Codes.bodyTooLarge, 'The body is larger than this route accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'invalid_request', Codes.contentTypeUnsupported, 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_request', Codes.bodyMissing, 'The body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(
        400,
        'invalid_request',
        Codes.contentLengthInvalid,
        'Content-Length does not match the body.',
      );
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new ApiError(400, 'invalid_request', Codes.urlInvalid, 'The URL is malformed.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError(414, 'invalid_request', Codes.urlTooLong, 'A path segment is too long.');
    default:
      if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return new ApiError(400, 'invalid_request', Codes.bodyInvalidJson, 'The body is not valid JSON.');
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return new ApiError(err.statusCode, 'invalid_request', Codes.requestInvalid, err.message);
      }
      return new ApiError(
        500,
        'api_error',
        Codes.internal,
        'Something went wrong on our side; the request changed nothing.',
      );
  }
}

/** What Node's HTTP parser found wrong (its `clientError` codes) as the service's error. */
export function parserError(code: string | undefined): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'invalid_request', Codes.requestTimeout, 'The request did not arrive in time.');
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'invalid_request', Codes.headerTooLarge, 'The request headers are too large.');
    case 'HPE_INVALID_HEADER_TOKEN':
      return new ApiError(400, 'invalid_request', Codes.headerInvalid, 'A request header is malformed.');
    case 'HPE_INVALID_METHOD':
      return new ApiError(400, 'invalid_request', Codes.methodInvalid, 'The request method is not HTTP.');
    case 'HPE_INVALID_URL':
      return new ApiError(400, 'invalid_request', Codes.urlInvalid, 'The URL is malformed.');
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return new ApiError(400, 'invalid_request', Codes.contentLengthInvalid, 'Content-Length is malformed.');
    default:
      return new ApiError(400, 'invalid_request', Codes.requestMalformed, 'The request is not well-formed HTTP.');
  }
}

/**
 * The Fastify options every server is built with, so that requests refused before any route
 * runs answer the error object of `surface` too: the router's errors (bad percent-escapes,
 * overlong segments), the HTTP parser's (a raw response, then the connection is closed) and a
 * missing Host (Node's own check answers an empty 400; `errorBodies` answers `host_missing`).
 */
export function errorServerOptions(surface: string, now: () => Date) {
  return {
    frameworkErrors: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const e = frameworkError(err);
      void reply
        .code(e.status)
        .type('application/json')
        .send(JSON.stringify(errorBody(e, surface, false, now(), request.id)));
    },
    clientErrorHandler: (err: Error & { code?: string }, socket: Socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      // An answer already under way on this connection cannot take a second status line.
      const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
      if (socket.writable && !inFlight) {
        const e = parserError(err.code);
        const body = JSON.stringify(errorBody(e, surface, false, now()));
        socket.write(
          `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Security-Policy: ${JSON_CSP}\r\n` +
            `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroySoon();
    },
    http: { requireHostHeader: false },
  };
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
    // HTTP/1.1 requires a Host (HTTP/1.0 clients may leave it out).
    app.addHook('onRequest', async (request) => {
      if (request.raw.httpVersion === '1.1' && !request.headers.host)
        throw new ApiError(400, 'invalid_request', Codes.hostMissing, 'Send a Host header with the request.');
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
