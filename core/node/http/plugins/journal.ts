import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JOURNAL_BODY_BYTES, type Journal, type JournalEntry } from '../../traffic/journal.js';
import type { Scope } from '../../db/documents.js';
import { CLIENT_HEADER, CLIENT_NAME } from '../../../engine/schemas/traffic.js';
import type { RawRefusal } from './raw-refusal.js';
import './request.js';
import { isoSeconds } from '../../../engine/clock.js';
import { API_VERSION_HEADER } from '../../../engine/wire-profile.js';
import { VERSION_OF, generationOf } from '../../../engine/versions.js';

/** The version an answer says it was written in (its Flatpeak-Version header), or null where it names none. */
function versionOf(reply: FastifyReply): JournalEntry['api_version'] {
  const sent = reply.getHeader(API_VERSION_HEADER);
  const g = typeof sent === 'string' ? generationOf(sent) : undefined;
  return g ? VERSION_OF[g] : null;
}

/** Which of the product's own clients sent a request, by its marker header; null for any other. */
function clientOf(req: FastifyRequest): string | null {
  const marker = req.headers[CLIENT_HEADER];
  return typeof marker === 'string' && CLIENT_NAME.test(marker) ? marker : null;
}

export interface JournalOptions {
  journal: Journal;
  surface: JournalEntry['surface'];
  now: () => Date;
  /** The account and mode a request belongs to, where the auth plugin did not set it. */
  scopeOf?: (req: FastifyRequest) => Scope | null;
  /** How the request is listed; the URL by default. */
  label?: (req: FastifyRequest) => string;
  /** Requests not worth keeping (the journal's own reads and clears). */
  skip?: (req: FastifyRequest) => boolean;
}

/** Records every request with status, latency and bodies in the journal (which masks secrets). */
export const requestJournal = fp<JournalOptions>(
  async (app, opts) => {
    if (!app.hasRequestDecorator('startedAt')) {
      app.decorateRequest('startedAt', 0);
      app.decorateRequest('responseText', '');
      app.decorateRequest('fault', null);
    }
    app.addHook('onRequest', async (request) => {
      request.startedAt = performance.now();
    });
    // Refusals written below the framework (the parser's, a CONNECT, an unknown Expect) are kept too.
    app.decorate('journalRaw', (r: RawRefusal) =>
      opts.journal.add({
        time: isoSeconds(opts.now()),
        surface: opts.surface,
        method: r.method,
        path: r.path,
        status: r.status,
        latency_ms: 0,
        request_headers: r.headers,
        request_body: '',
        response_body: r.body,
        fault: null,
        account_id: null,
        live_mode: null,
        request_id: r.request_id,
        client: null,
      }),
    );
    app.addHook('onSend', async (request, _reply, payload) => {
      if (typeof payload === 'string') request.responseText = payload;
      // A large answer sent as bytes: only its start is kept, so only its start becomes text.
      else if (Buffer.isBuffer(payload)) {
        request.responseText = payload.toString('utf8', 0, JOURNAL_BODY_BYTES);
        request.responseLength = payload.length;
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      if (opts.skip?.(request)) return;
      const scope = request.scope ?? opts.scopeOf?.(request) ?? null;
      opts.journal.add({
        time: isoSeconds(opts.now()),
        surface: opts.surface,
        method: request.method,
        path: opts.label?.(request) ?? request.url,
        status: reply.statusCode,
        latency_ms: Math.round((performance.now() - request.startedAt) * 100) / 100,
        request_headers: request.headers,
        request_body: request.rawBody ?? (typeof request.body === 'string' ? request.body : ''),
        ...(request.requestLength ? { request_length: request.requestLength } : {}),
        ...(request.inWorker ? { worker: true } : {}),
        response_body: request.responseText,
        ...(request.responseLength ? { response_length: request.responseLength } : {}),
        fault: request.fault,
        account_id: scope?.accountId ?? null,
        live_mode: scope?.liveMode ?? null,
        request_id: request.id,
        client: clientOf(request),
        api_version: versionOf(reply),
      });
    });
  },
  { name: 'request-journal' },
);
