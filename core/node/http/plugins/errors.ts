import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { z } from 'zod';
import { ApiError, Codes, errorBody } from '../../../engine/errors.js';
import { fromZod } from '../../../engine/api/validate.js';
import { randomIds } from '../../../engine/ids.js';
import { JSON_CSP } from './security-headers.js';
import { isOverCap } from '../listener.js';
import './request.js';
import type { RawRefusal } from './raw-refusal.js';

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
 * Writes the error object as a whole HTTP answer on a bare socket (the parser refused the
 * request, or no request object exists), then closes the connection. Answers the request id.
 */
function writeRaw(
  socket: Socket,
  e: ApiError,
  surface: string,
  now: () => Date,
): { request_id: string; body: string } | undefined {
  const request_id = randomIds('req');
  const body = JSON.stringify(errorBody(e, surface, false, now(), request_id));
  // An answer already under way on this connection cannot take a second status line.
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.destroyed || !socket.writable || inFlight) {
    socket.destroySoon?.();
    return undefined;
  }
  socket.write(
    `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Security-Policy: ${JSON_CSP}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroySoon();
  return { request_id, body };
}

/** A request line with no HTTP version (HTTP/0.9): the parser would wait for headers that never come. */
const VERSIONLESS_LINE = /^[A-Za-z]+ [^ \r\n]*\r?$/;
/** Bytes of a connection's start looked at for that, at most. */
const FIRST_LINE_BYTES = 8 * 1024;

/** Node's HTTP parser on a server's socket, as far as handing the socket back to it needs. */
interface SocketParser {
  _consumed?: boolean;
  consume(handle: unknown): void;
}
type ServerSocket = Socket & { parser?: SocketParser | null; _handle?: { isStreamBase?: boolean } | null };

/**
 * Looks at the first line a connection sends: a request without an HTTP version is answered at
 * once instead of by the header timeout. Looking means reading the socket in JavaScript, which
 * takes it from the HTTP parser's own native reading; once the first line is seen, the socket
 * is handed back (as Node hands a new connection to it), so the connection's later requests cost
 * nothing more.
 */
function answerVersionless(socket: ServerSocket, refuse: (socket: Socket) => void): void {
  // The parser's pause and resume hooks, which reading in JavaScript takes off the socket.
  const pauseHooks = socket.listeners('pause') as ((...a: unknown[]) => void)[];
  const resumeHooks = socket.listeners('resume') as ((...a: unknown[]) => void)[];
  let head = '';
  const handBack = () => {
    const parser = socket.parser;
    if (!parser || parser._consumed || socket.destroyed || !socket._handle?.isStreamBase) return;
    parser._consumed = true;
    parser.consume(socket._handle);
    for (const f of pauseHooks) socket.on('pause', f);
    for (const f of resumeHooks) socket.on('resume', f);
  };
  const look = (chunk: Buffer) => {
    head += chunk.toString('latin1', 0, Math.min(chunk.length, FIRST_LINE_BYTES));
    const end = head.indexOf('\n');
    if (end < 0 && head.length < FIRST_LINE_BYTES) return;
    socket.removeListener('data', look);
    if (end >= 0 && VERSIONLESS_LINE.test(head.slice(0, end))) refuse(socket);
    // After this chunk has reached the parser the JavaScript way.
    else process.nextTick(handBack);
  };
  socket.prependListener('data', look);
}

/**
 * The Fastify options every server is built with, so that requests refused before any route
 * runs answer the error object of `surface` too: the router's errors (bad percent-escapes,
 * overlong segments), the HTTP parser's (a raw response, then the connection is closed) and a
 * missing Host (Node's own check answers an empty 400; `errorBodies` answers `host_missing`).
 * Every request, refused or not, has an id of the service's own form (`req_…`).
 */
export function errorServerOptions(surface: string, now: () => Date) {
  return {
    genReqId: () => randomIds('req'),
    frameworkErrors: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const e = frameworkError(err);
      void reply
        .code(e.status)
        .type('application/json')
        .send(JSON.stringify(errorBody(e, surface, false, now(), request.id)));
    },
    clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) {
        socket.destroy();
        return;
      }
      const e = parserError(err.code);
      const sent = writeRaw(socket, e, surface, now);
      if (sent) this.journalRaw?.({ method: '', path: '', status: e.status, headers: {}, ...sent });
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
  /** The status an error is answered with for this request (an API generation's own codes); the error's by default. */
  restatus?: (request: FastifyRequest, status: number) => number;
}

/** A route's path (`/schedules/amount/:id`, `/catcher/*`) as a pattern matching the paths it serves. */
function pathPattern(url: string): RegExp {
  const parts = url
    .split('/')
    .map((p) => (p === '*' ? '.*' : p.startsWith(':') ? '[^/]+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}

const contextOf = (req: FastifyRequest, surface: string) =>
  req.operationId ?? req.routeOptions.config?.operationId ?? surface;

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
      const status = opts.restatus?.(request, apiErr.status) ?? apiErr.status;
      void reply.code(status).type('application/json').send(JSON.stringify(body));
    });
    app.addHook('onRequest', async (request, reply) => {
      // Past the listener's connection cap: answered, never dropped, and the connection closed.
      if (isOverCap(request.raw.socket)) {
        reply.header('connection', 'close');
        throw new ApiError(503, 'rate_limit', Codes.serverBusy, 'Too many connections are open; try again shortly.', {
          retry_after: 1,
        });
      }
      // A body in an encoding the service does not decode would be read as if it were plain.
      const encoding = request.headers['content-encoding'];
      if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
        throw new ApiError(
          415,
          'invalid_request',
          Codes.contentEncodingUnsupported,
          'Send the body unencoded: no Content-Encoding (or identity).',
        );
      // HTTP/1.1 requires a Host (HTTP/1.0 clients may leave it out).
      if (request.raw.httpVersion === '1.1' && !request.headers.host)
        throw new ApiError(400, 'invalid_request', Codes.hostMissing, 'Send a Host header with the request.');
    });
    // What Node answers below the framework (an empty 417, a dropped CONNECT, a versionless line
    // left to time out) answers the error object instead, at once.
    const refuse = (socket: Socket, e: ApiError, method: string, path: string, headers: RawRefusal['headers']) => {
      const sent = writeRaw(socket, e, opts.surface, opts.now);
      if (sent) app.journalRaw?.({ method, path, status: e.status, headers, ...sent });
    };
    app.server.on('checkExpectation', (req: IncomingMessage) =>
      refuse(
        req.socket,
        new ApiError(417, 'invalid_request', Codes.expectationUnsupported, 'Expect: only 100-continue is understood.'),
        req.method ?? '',
        req.url ?? '',
        req.headers,
      ),
    );
    const notServed = (req: IncomingMessage, socket: Duplex) =>
      refuse(
        socket as Socket,
        new ApiError(405, 'invalid_request', Codes.methodNotAllowed, `${req.method} is not served here.`),
        req.method ?? '',
        req.url ?? '',
        req.headers,
      );
    app.server.on('connect', notServed);
    app.server.on('connection', (socket: Socket) =>
      answerVersionless(socket, (s) =>
        refuse(
          s,
          new ApiError(
            400,
            'invalid_request',
            Codes.httpVersionMissing,
            'The request line has no HTTP version; send HTTP/1.1.',
          ),
          '',
          '',
          {},
        ),
      ),
    );
    if (opts.notFound !== false) {
      // Every route's path as a pattern, so a path served under other methods is told apart from no path.
      const served: { method: string; path: RegExp }[] = [];
      app.addHook('onRoute', (r) => {
        // OPTIONS is the CORS preflight's on every path, not an operation a client could call instead.
        for (const method of [r.method].flat())
          if (method !== 'OPTIONS') served.push({ method, path: pathPattern(r.url) });
      });
      app.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        const allow = [...new Set(served.filter((r) => r.path.test(path)).map((r) => r.method))].sort();
        const e =
          allow.length > 0
            ? new ApiError(
                405,
                'invalid_request',
                Codes.methodNotAllowed,
                `${request.method} is not served at ${path}; it takes ${allow.join(', ')}.`,
              )
            : new ApiError(404, 'invalid_request', Codes.routeNotFound, `No route ${request.method} ${path}.`);
        if (allow.length > 0) void reply.header('allow', allow.join(', '));
        void reply
          .code(opts.restatus?.(request, e.status) ?? e.status)
          .type('application/json')
          .send(JSON.stringify(errorBody(e, opts.surface, false, opts.now(), request.id)));
      });
    }
  },
  { name: 'error-bodies' },
);
