import { parseArgs } from 'node:util';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import { ServiceError, type ApiClient } from '../../engine/api/client.js';
import { parseWith } from '../../engine/api/validate.js';
import { PS256_HEADERS } from '../../engine/webhooks/signature.js';
import { EVENT_TYPES, type EventType } from '../../engine/webhooks/schemas.js';

const CONNECTION_OPTIONS = `  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key (default: $TARIFF_DESK_DATA_DIR or ~/.tariff-desk)
  --account ID --key KEY  credentials instead of the data folder's test key`;

export const LISTEN_USAGE = `Usage: tariff-desk listen --forward-to URL [--events a,b] [options]

Registers a webhook endpoint on a running host that delivers to URL, prints one line per
delivery attempt (time, event type, event id, status or error, latency, signature scheme),
says so when the endpoint is disabled (a 410 answer, five failed deliveries, or by hand) or
deleted, and removes the endpoint on Ctrl+C.

Options:
  --forward-to URL        where deliveries go (required)
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

/**
 * `tariff-desk listen --forward-to URL`: registers a webhook endpoint on a running host that
 * delivers to URL, prints one line per delivery attempt, and removes the endpoint on exit.
 */
export async function listen(args: string[], defaultDataDir: string): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      ...CLIENT_OPTIONS,
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(LISTEN_USAGE + '\n');
    return 0;
  }
  const target = values['forward-to'];
  if (!target) throw new Error('--forward-to URL is required');
  const options = clientOptionsOf(values, defaultDataDir);
  const client = await connectClient(options);
  // Checked here by the route's own schema, so a bad --events names the problem before any request.
  const body = parseWith(
    api['webhooks.create'].body,
    {
      url: target,
      description: 'tariff-desk listen',
      enabled_events: values.events ? values.events.split(',') : ['*'],
    },
    'body',
  );
  const ep = await client.call('webhooks.create', { body });
  process.stdout.write(
    `Forwarding events to ${target} (endpoint ${ep.id}, signing secret ${ep.secret}). Ctrl+C stops.\n` +
      `Signed by the account's wire profile when sent: Standard Webhooks with that secret (spec), or PS256 with a key from ${options.apiUrl}/jwks.json (published).\n`,
  );
  const seen = new Set<string>();
  const watch = endpointWatch(ep.id);
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
      const state = await client.call('webhooks.retrieve', { params: { id: ep.id } }).catch((e: unknown) => {
        if (e instanceof ServiceError && e.status === 404) return undefined;
        throw e;
      });
      const said = watch(state);
      if (said) process.stdout.write(said + '\n');
      if (!state) return 1;
      const page = await client.call('webhook_deliveries.list', { query: { endpoint_id: ep.id, limit: 100 } });
      for (const d of [...page.data].reverse()) {
        for (const a of d.attempt_log) {
          const key = `${d.id}:${a.attempt}:${a.time}`;
          if (seen.has(key)) continue;
          seen.add(key);
          process.stdout.write(
            `${a.time}  ${wireType(a.request.body, d.event_type)}  ${d.event_id}  ${a.status ?? a.error}  ${a.latency_ms} ms  ${a.scheme}${kidOf(a.request.headers)}\n`,
          );
        }
      }
    } catch (e) {
      process.stderr.write(`tariff-desk listen: ${(e as Error).message}\n`);
    }
    await Promise.race([done, new Promise((r) => setTimeout(r, 250))]);
  }
  await client.call('webhooks.delete', { params: { id: ep.id } }).catch(() => undefined);
  return 0;
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
