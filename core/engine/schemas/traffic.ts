import { z } from 'zod';
import { Timestamp } from './common.js';
import { VERSION_OF } from '../versions.js';
import { ClockMode } from '../clock.js';

/** The versions a journal entry can be written in. */
const JournalVersion = z.enum([VERSION_OF.anode, VERSION_OF.zero]);

/**
 * The request header the product's own clients send, so the journal can tell who sent a
 * request: the admin app (`app`), a command (`cli`), the test kit (`kit`), and the polling
 * nobody asked for one request at a time (`listen`'s watch, the kit's waits for events).
 */
export const CLIENT_HEADER = 'x-tariff-desk-client';
/** A marker value: a short lowercase name; anything else is not a marker. */
export const CLIENT_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** The product's own clients, by the marker each sends, named as the Traffic page shows them. */
export const OWN_CLIENTS = {
  app: 'the app',
  cli: 'command line',
  kit: 'test kit',
  listen: 'listen, polling',
  'kit-wait': 'test kit, waiting',
} as const;
export type OwnClient = keyof typeof OWN_CLIENTS;

/**
 * What `exclude_app` leaves out: the app's own requests and the polling of `listen` and of the
 * kit's waits. A command a tester runs and the kit's calls stay: they are the traffic under test.
 */
export const BACKGROUND_CLIENTS: ReadonlySet<string> = new Set<OwnClient>(['app', 'listen', 'kit-wait']);

const named = (markers: Iterable<string>) => [...markers].map((c) => `\`${c}\``).join(', ');

export const JournalSurface = z.enum(['api', 'connect', 'connect_web', 'clock']);

/** What an entry is: a request someone sent, or something the service clock did itself. */
export const JournalKind = z.enum(['request', 'clock']);
export type JournalKind = z.infer<typeof JournalKind>;

/** The due work the clock runs as it passes an instant. */
export const ClockWork = z.enum(['tariff_lifecycle', 'webhook_retries', 'market_publication']);
export type ClockWork = z.infer<typeof ClockWork>;

/** What the clock did, for an entry of kind `clock`: the journal's own words are in `path`. */
export const JournalClock = z
  .discriminatedUnion('action', [
    z.object({
      action: z.literal('fired'),
      work: ClockWork,
      at: Timestamp.meta({ description: 'The virtual instant the work was due at and ran for.' }),
      summary: z.string().meta({ description: 'What it did, in a few words.' }),
    }),
    z.object({
      action: z.literal('moved'),
      from: Timestamp.meta({ description: 'Where the clock stood before the move.' }),
      to: Timestamp.meta({ description: 'Where it landed.' }),
      from_mode: ClockMode,
      mode: ClockMode.meta({ description: 'Its mode after the move.' }),
    }),
    z.object({
      action: z.literal('stopped'),
      from: Timestamp.meta({ description: 'Where the advance began.' }),
      target: Timestamp.meta({ description: 'Where it was going.' }),
      at: Timestamp.meta({ description: 'Where it stopped.' }),
      reason: z.string(),
    }),
  ])
  .meta({
    id: 'JournalClock',
    description:
      'What the service clock did: work it `fired` at a virtual instant, a move (`moved`), or a long advance that `stopped` on an error.',
  });
export type JournalClock = z.infer<typeof JournalClock>;

/** The request journal and testers' fault rules. */
export const JournalEntry = z
  .object({
    id: z.number().int(),
    time: Timestamp.meta({ description: 'When, on the service clock (service time; the clock may have been moved).' }),
    surface: JournalSurface,
    kind: JournalKind.meta({
      description:
        'A `request` someone sent, or a `clock` entry: something the service clock did itself (`clock` says what; its `method` is `CLOCK` and its `status` 200, or 500 for a stopped advance).',
    }),
    clock: JournalClock.nullable().meta({
      description: 'What the clock did, for a `clock` entry; null for a request.',
    }),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    latency_ms: z.number(),
    request_headers: z.record(z.string(), z.string()),
    request_body: z.string(),
    response_body: z.string(),
    fault: z.string().nullable(),
    account_id: z.string().nullable(),
    live_mode: z.boolean().nullable(),
    request_id: z.string().optional().meta({ description: "The request's id; error objects carry it too." }),
    client: z
      .string()
      .nullable()
      .meta({
        description: `Which of the product's own clients sent it (the \`${CLIENT_HEADER}\` header: ${named(Object.keys(OWN_CLIENTS))}); null for any other client.`,
      }),
    worker: z.boolean().meta({
      description: 'True when a worker thread of the pool computed the answer, false when the main thread did.',
    }),
    api_version: JournalVersion.nullable().meta({
      description: `The API version the answer was written in (its Flatpeak-Version: ${VERSION_OF.anode} or ${VERSION_OF.zero}); null where the surface names none.`,
    }),
  })
  .meta({ id: 'JournalEntry' });

export const JOURNAL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CLOCK'] as const;
/** Status filters: a class such as `4xx` or one status such as `404`. */
export const JOURNAL_STATUS = /^[1-5](?:xx|\d\d)$/;

/** What the journal list can be narrowed to; every filter is optional and they combine. */
export const JournalQuery = z.strictObject({
  after: z.coerce.number().int().min(0).optional().meta({ description: 'Only entries newer than this entry id.' }),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: 'Only entries older than this entry id: the next page down.' }),
  limit: z.coerce.number().int().min(1).max(500).optional().meta({ description: '1–500, default 100.' }),
  method: z.enum(JOURNAL_METHODS).optional(),
  status: z
    .string()
    .regex(JOURNAL_STATUS, 'must be a status such as 404 or a class such as 4xx')
    .optional()
    .meta({ example: '4xx' }),
  path: z.string().max(200).optional().meta({ description: 'Only paths containing this text.' }),
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Text to find (any case) in the method and path, status, request id, fault or bodies.' }),
  surface: JournalSurface.optional(),
  kind: JournalKind.optional().meta({ description: "Only requests, or only the clock's own entries." }),
  api_version: JournalVersion.optional().meta({ description: 'Only requests answered in this API version.' }),
  since: Timestamp.optional().meta({ description: 'Only requests at or after this instant (service clock).' }),
  until: Timestamp.optional().meta({ description: 'Only requests before this instant (service clock).' }),
  exclude_app: z
    .stringbool({ truthy: ['true'], falsy: ['false'] })
    .optional()
    .meta({
      description: `\`true\` leaves out the app's own requests and the product's polling (${named(BACKGROUND_CLIENTS)}); the command line's and the test kit's stay.`,
    }),
});

export const JournalCleared = z
  .object({ object: z.literal('journal_clear'), deleted: z.number().int() })
  .meta({ id: 'JournalCleared' });

export const FaultRule = z
  .object({
    id: z.string(),
    object: z.literal('fault_rule'),
    live_mode: z.boolean(),
    pattern: z.string(),
    kind: z.enum(['latency', 'error', 'drop']),
    latency_ms: z.number().int(),
    status: z.number().int(),
    code: z.string(),
    probability: z.number(),
    enabled: z.boolean(),
    hits: z.number().int(),
    time_created: Timestamp,
  })
  .meta({ id: 'FaultRule' });

export const FaultCreate = z
  .strictObject({
    pattern: z
      .string()
      .min(1)
      .max(200)
      .regex(/^(\*|GET|POST|PATCH|DELETE)?\s*\/[^\s]*$/, 'must be "METHOD /path*" or "/path*"')
      .meta({ example: 'POST /prices/*' }),
    kind: z.enum(['latency', 'error', 'drop']),
    latency_ms: z.number().int().min(0).max(60_000).default(0),
    status: z.number().int().min(400).max(599).default(503),
    code: z
      .string()
      .regex(/^[a-z_]{1,60}$/)
      .default('injected_fault')
      .meta({ description: 'The error code to answer, e.g. pending_connect with status 422.' }),
    probability: z.number().min(0).max(1).default(1),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'FaultCreate' });

export const FaultId = z.strictObject({ id: z.string().regex(/^flt_[A-Za-z0-9]{1,64}$/) });

export type JournalEntry = z.infer<typeof JournalEntry>;
export type JournalQuery = z.output<typeof JournalQuery>;
export type FaultRule = z.infer<typeof FaultRule>;
