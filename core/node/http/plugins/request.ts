import type { Scope } from '../../db/documents.js';
import type { RawRefusal } from './raw-refusal.js';
import type { Generation } from '../../../engine/versions.js';

// What the plugins record on each request, declared once for every server.
declare module 'fastify' {
  interface FastifyRequest {
    /** The account and mode the request acts for (a bearer's, or a connect token's), once known. */
    scope: Scope | null;
    /** The API generation the request is answered in (its `Flatpeak-Version`, else its account's default). */
    generation: Generation;
    /** The operation that answered it, once the route's generation has chosen one. */
    operationId?: string;
    /** The body as received: the catcher checks signatures over it, the journal keeps it. */
    rawBody?: string;
    /** The body's full length when only its start was kept as text (a body kept as bytes). */
    requestLength?: number;
    /** What a heavy route's preparation worked out of its body (a market CSV's points), for its handler. */
    prepared?: unknown;
    /** True when a worker of the pool computed the answer. */
    inWorker?: boolean;
    startedAt: number;
    /** The fault rule that hit this request, if any. */
    fault: string | null;
    responseText: string;
    /** The answer's full length when only its start was kept as text. */
    responseLength?: number;
  }
  interface FastifyInstance {
    /** Journals a refusal written below the framework (set by the journal plugin where a server keeps one). */
    journalRaw?: (r: RawRefusal) => void;
  }
  interface FastifyContextConfig {
    /** The route's operation id: the `context` of its error bodies. */
    operationId?: string;
    /** False for routes that take no bearer token. */
    auth?: boolean;
  }
}
