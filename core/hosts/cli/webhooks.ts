import { parseArgs } from 'node:util';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import { ServiceError, type ApiClient } from '../../engine/api/client.js';
import { parseWith } from '../../engine/api/validate.js';
import { ApiError } from '../../engine/errors.js';
import { PS256_HEADERS } from '../../engine/webhooks/signature.js';
import { EVENT_TYPES, type EventType } from '../../engine/webhooks/schemas.js';
import { CLIENT_HEADER, type OwnClient } from '../../engine/schemas/traffic.js';
import { isShifted } from '../../engine/clock-words.js';
import { listenClockLine } from '../../engine/webhooks/clock-words.js';

const CONNECTION_OPTIONS = `  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key (default: $TARIFF_DESK_DATA_DIR or ~/.tariff-desk)
  --account ID --key KEY  credentials instead of the data folder's test key`;

export const LISTEN_USAGE = `Usage: tariff-desk listen --forward-to URL [--secret whsec_…] [--events a,b] [options]
       tariff-desk listen --endpoint whe_… [options]

Registers a webhook endpoint on a running host that delivers to URL, prints one line per
delivery attempt (time, event type, event id, status or error, latency, signature scheme),
says so when the endpoint is disabled (a 410 answer, five failed deliveries, or by hand) or
deleted, and removes the endpoint on Ctrl+C.

Deliveries are signed (Standard Webhooks) with --secret, the secret your receiver already
verifies with; without it, with a new secret, printed on the first line. --endpoint watches an
endpoint you registered before instead: its URL, secret and events stay as they are, and it is
kept on Ctrl+C.

While the service clock is shifted or frozen, listen says so at the top: signatures carry the
real time they are sent, the events the service clock's time. A delivery the receiver refuses
meanwhile ends its line with the likely cause.

Options:
  --forward-to URL        where deliveries go (required, unless --endpoint)
  --secret whsec_…        the signing secret the receiver has (default: a new one, printed first)
  --endpoint whe_…        reuse this endpoint and its secret instead of registering one
  --events a,b            event types to forward (default: all)
${CONNECTION_OPTIONS}`;

export const TRIGGER_USAGE = `Usage: tariff-desk trigger TYPE [--data JSON] [options]

Records one event of TYPE on a running host with a sample payload. The location and tariff
the payload names are real: the newest existing ones, or new ones created first (their own
created events go out too), so GET on their ids answers 200. --data overrides fields.

Types: ${Object.keys(EVENT_TYPES).join(', ')}

Options:
  --data JSON             fields merged onto the payload, e.g. '{"price_available":false}'
${CONNECTION_OPTIONS}`;

/** The endpoint listen watches: registered for this run (removed at the end), or reused (kept). */
interface Watched {
  id: string;
  owned: boolean;
}

type ListenValues = {
  'forward-to'?: string | undefined;
  secret?: string | undefined;
  endpoint?: string | undefined;
  events?: string | undefined;
};

/** The option each field of the routes' schemas comes from, to name it in a refusal. */
const LISTEN_OPTION: Record<string, string> = {
  url: '--forward-to',
  secret: '--secret',
  enabled_events: '--events',
  id: '--endpoint',
};

/** A refusal of the route's schema, said with the option that carried the value, and its code. */
function optionError(e: unknown): unknown {
  if (!(e instanceof ApiError)) return e;
  const m = /^(\w+)(\S*): (.*)$/.exec(e.message);
  const option = m && LISTEN_OPTION[m[1]!];
  return new Error(option ? `${option}${m[2]}: ${m[3]} (${e.code})` : `${e.message} (${e.code})`);
}

/**
 * What listen was asked for, checked before any request (by the routes' own schemas, so a bad
 * --events, --secret or --endpoint names the problem): an endpoint to reuse, or one to register.
 */
function listenPlan(v: ListenValues) {
  try {
    return listenPlanOf(v);
  } catch (e) {
    throw optionError(e);
  }
}

function listenPlanOf(v: ListenValues) {
  if (v.endpoint !== undefined) {
    if (v.secret !== undefined)
      throw new Error('--secret and --endpoint: an endpoint signs with its own secret; give one of them');
    if (v.events !== undefined)
      throw new Error('--events and --endpoint: a reused endpoint keeps its own events; change them on the endpoint');
    const { id } = parseWith(api['webhooks.retrieve'].params, { id: v.endpoint }, 'path');
    return { kind: 'reuse', id, forwardTo: v['forward-to'] } as const;
  }
  const url = v['forward-to'];
  if (!url) throw new Error('--forward-to URL is required (or --endpoint whe_… to watch an endpoint you have)');
  const body = parseWith(
    api['webhooks.create'].body,
    {
      url,
      // Named so the Webhooks page shows whose it is while listen runs (it is removed at the end).
      name: `tariff-desk listen → ${url}`.slice(0, 100),
      description: 'tariff-desk listen',
      enabled_events: v.events ? v.events.split(',') : ['*'],
      ...(v.secret !== undefined ? { secret: v.secret } : {}),
    },
    'body',
  );
  return { kind: 'create', body, secretGiven: v.secret !== undefined } as const;
}

/**
 * The endpoint listen watches, and what it says first. A new one is signed with `--secret`, or
 * with a secret it made, printed on the first line; `--endpoint` reuses one with its own.
 */
async function watchedEndpoint(
  client: ApiClient,
  plan: ReturnType<typeof listenPlan>,
  apiUrl: string,
): Promise<{ endpoint: Watched; banner: string[] }> {
  const profileLine = (secret: string) =>
    `Signed by the account's wire profile when sent: Standard Webhooks with ${secret} (spec), or PS256 with a key from ${apiUrl}/jwks.json (published).`;
  if (plan.kind === 'reuse') {
    const ep = await client.call('webhooks.retrieve', { params: { id: plan.id } });
    if (plan.forwardTo !== undefined && plan.forwardTo !== ep.url)
      throw new Error(
        `endpoint ${ep.id} delivers to ${ep.url}, not ${plan.forwardTo}: leave out --forward-to, or change the endpoint's url (PATCH /webhooks/${ep.id})`,
      );
    return {
      endpoint: { id: ep.id, owned: false },
      banner: [
        `Watching endpoint ${ep.id}, which delivers to ${ep.url} (events: ${ep.enabled_events.join(', ')}). Ctrl+C stops; the endpoint is kept.`,
        profileLine("the endpoint's own secret"),
      ],
    };
  }
  const ep = await client.call('webhooks.create', { body: plan.body });
  const forwarding = `Forwarding events to ${ep.url} (endpoint ${ep.id}). Ctrl+C stops and removes the endpoint.`;
  return {
    endpoint: { id: ep.id, owned: true },
    banner: plan.secretGiven
      ? [forwarding, profileLine('the secret given by --secret')]
      : [
          // First, so a script can take it with `head -1`: the receiver verifies with it.
          `Signing secret ${ep.secret} (made for this run: give it to the receiver, or pass the one it has with --secret)`,
          forwarding,
          profileLine('that secret'),
        ],
  };
}

/**
 * `tariff-desk listen --forward-to URL`: registers a webhook endpoint on a running host that
 * delivers to URL, prints one line per delivery attempt, and removes the endpoint on exit.
 * `--endpoint whe_…` watches an existing endpoint instead, and keeps it.
 */
export async function listen(args: string[], defaultDataDir: string): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      ...CLIENT_OPTIONS,
      'forward-to': { type: 'string' },
      secret: { type: 'string' },
      endpoint: { type: 'string' },
      events: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(LISTEN_USAGE + '\n');
    return 0;
  }
  const plan = listenPlan(values);
  const options = clientOptionsOf(values, defaultDataDir);
  const client = await connectClient(options);
  const { endpoint: ep, banner } = await watchedEndpoint(client, plan, options.apiUrl).catch((e: unknown) => {
    // The host's refusal (an endpoint it does not know, events it does not take), said with its code.
    throw e instanceof ServiceError ? new Error(`${e.message} (${e.code})`, { cause: e }) : e;
  });
  process.stdout.write(withClockLine(banner, await client.call('clock.retrieve')).join('\n') + '\n');
  // Its polling is marked apart from the command's own requests: the Traffic page hides it by default.
  const poller = client.withHeaders({ [CLIENT_HEADER]: 'listen' satisfies OwnClient });
  const seen = new Set<string>();
  const watch = endpointWatch(ep.id);
  // A reused endpoint's past is not news: only attempts made from now on are printed.
  let first = !ep.owned;
  let stop = false;
  const done = new Promise<void>((r) => {
    const quit = () => {
      stop = true;
      r();
    };
    process.once('SIGINT', quit);
    process.once('SIGTERM', quit);
  });
  while (!stop) {
    try {
      const state = await poller.call('webhooks.retrieve', { params: { id: ep.id } }).catch((e: unknown) => {
        if (e instanceof ServiceError && e.status === 404) return undefined;
        throw e;
      });
      const said = watch(state);
      if (said) process.stdout.write(said + '\n');
      if (!state) return 1;
      const page = await poller.call('webhook_deliveries.list', { query: { endpoint_id: ep.id, limit: 100 } });
      for (const d of [...page.data].reverse()) {
        for (const a of d.attempt_log) {
          const key = `${d.id}:${a.attempt}:${a.time}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (first) continue;
          process.stdout.write(
            `${a.time}  ${wireType(a.request.body, d.event_type)}  ${d.event_id}  ${a.status ?? a.error}  ${a.latency_ms} ms  ${a.scheme}${kidOf(a.request.headers)}${a.clock_note ? `  ${a.clock_note}` : ''}\n`,
          );
        }
      }
      first = false;
    } catch (e) {
      process.stderr.write(`tariff-desk listen: ${(e as Error).message}\n`);
    }
    await Promise.race([done, new Promise((r) => setTimeout(r, 250))]);
  }
  if (ep.owned) await client.call('webhooks.delete', { params: { id: ep.id } }).catch(() => undefined);
  return 0;
}

/**
 * The banner with, while the service clock is away from real time, a line saying that signatures
 * carry real time: first, so a tester sees it before any delivery, except after a secret made for
 * this run, which keeps the first line (scripts take it with `head -1`).
 */
export function withClockLine(
  banner: string[],
  clock: { mode: 'real' | 'offset' | 'frozen'; offset_seconds: number },
): string[] {
  if (clock.mode === 'real' || !isShifted(clock.offset_seconds)) return banner;
  const line = listenClockLine(clock.offset_seconds, clock.mode);
  const made = banner[0]?.startsWith('Signing secret ') ? 1 : 0;
  return [...banner.slice(0, made), line, ...banner.slice(made)];
}

/**
 * What listen says when its endpoint changes under it: disabled (with the reason), enabled
 * again, or deleted. Each change is said once; nothing is said while nothing changes.
 */
export function endpointWatch(id: string) {
  let disabled = false;
  return (e: { disabled: boolean; disabled_reason: string | null } | undefined): string | undefined => {
    if (!e) return `Endpoint ${id} was deleted; nothing more will be delivered. listen stops.`;
    if (e.disabled === disabled) return undefined;
    disabled = e.disabled;
    return e.disabled
      ? `Endpoint ${id} was disabled: ${e.disabled_reason ?? 'no reason given'}. Deliveries are held until it is enabled again (Webhooks page, or PATCH /webhooks/${id} {"disabled": false}).`
      : `Endpoint ${id} is enabled again; held deliveries go out now.`;
  };
}

/** The event type as the message named it on the wire (the `published` profile renames some). */
function wireType(body: string, canonical: string): string {
  try {
    const t = (JSON.parse(body) as { type?: unknown }).type;
    return typeof t === 'string' ? t : canonical;
  } catch {
    return canonical;
  }
}

/** The signing key of a PS256 attempt, as the line shows it. */
function kidOf(headers: Record<string, string>): string {
  const kid = headers[PS256_HEADERS.keyId];
  return kid ? ` (kid ${kid})` : '';
}

/** `tariff-desk trigger TYPE [--data JSON]`: records one event of TYPE on a running host. */
export async function trigger(args: string[], defaultDataDir: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { ...CLIENT_OPTIONS, data: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(TRIGGER_USAGE + '\n');
    return 0;
  }
  const type = positionals[0];
  if (!type) throw new Error('give the event type, e.g. tariff-desk trigger connect.session.complete');
  let data: unknown;
  if (values.data) {
    try {
      data = JSON.parse(values.data);
    } catch {
      throw new Error('--data must be JSON');
    }
  }
  // The type is checked before anything is created for it.
  const checked = parseWith(api['events.trigger'].body, { type, ...(data ? { data } : {}) }, 'body');
  const client = await connectClient(clientOptionsOf(values, defaultDataDir));
  const named = await namedObjects(client, checked.type);
  const body = parseWith(
    api['events.trigger'].body,
    { type, data: { ...payloadNaming(checked.type, named), ...(checked.data ?? {}) } },
    'body',
  );
  const e = await client.call('events.trigger', { body });
  // One line, the event first: scripts take the id from the second word.
  const names = named
    ? ` (location ${named.location.id} ${named.location.how}, tariff ${named.tariff.id} ${named.tariff.how})`
    : '';
  process.stdout.write(`${e.type} ${e.id}${names}\n`);
  return 0;
}

type Named = Awaited<ReturnType<typeof namedObjects>>;

/** The fields of a payload that name the location and tariff, from the real objects. */
function payloadNaming(type: EventType, named: Named): Record<string, unknown> {
  if (!named) return {};
  if (type.startsWith('location.')) return named.location.object;
  if (type === 'tariff.created' || type === 'tariff.updated' || type === 'tariff.deleted') return named.tariff.object;
  return { location_id: named.location.id, tariff_id: named.tariff.id };
}

/**
 * The newest location with a tariff of the account and mode, or one created through the API
 * (a Berlin address and a flat tariff over this year), so the ids a triggered event names resolve.
 */
async function namedObjects(client: ApiClient, type: EventType) {
  if (!type.startsWith('location.') && !type.startsWith('tariff.') && type !== 'connect.session.complete')
    return undefined;
  const locations = (await client.call('locations.list', { query: { limit: 20 } })).data;
  for (const l of locations) {
    const t = (await client.call('tariffs.list', { query: { location_id: l.id, limit: 1 } })).data[0];
    if (t)
      return {
        location: { id: l.id, object: l, how: 'existing' },
        tariff: { id: t.id, object: t, how: 'existing' },
      };
  }
  const now = new Date((await client.call('clock.retrieve')).now);
  const location =
    locations[0] ??
    (await client.call('locations.create', {
      body: {
        postal_address: { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' },
      },
    }));
  const tariff = await client.call('tariffs.create', {
    body: {
      location_id: location.id,
      type: 'COMMODITY',
      direction: 'IMPORT',
      display_name: 'Flat rate (tariff-desk trigger)',
      contract_start_date: `${now.getUTCFullYear()}-01-01`,
      contract_end_date: `${now.getUTCFullYear() + 1}-01-01`,
      schedule: [
        {
          months: ['All'],
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
          ],
        },
      ],
    },
  });
  return {
    location: { id: location.id, object: location, how: locations[0] ? 'existing' : 'created' },
    tariff: { id: tariff.id, object: tariff, how: 'created' },
  };
}
