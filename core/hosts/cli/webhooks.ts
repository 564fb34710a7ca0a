import { parseArgs } from 'node:util';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import { parseWith } from '../../engine/api/validate.js';
import { PS256_HEADERS } from '../../engine/webhooks/signature.js';

/**
 * `tariff-desk listen --forward-to URL`: registers a webhook endpoint on a running host that
 * delivers to URL, prints one line per delivery attempt, and removes the endpoint on exit.
 */
export async function listen(args: string[], defaultDataDir: string): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { ...CLIENT_OPTIONS, 'forward-to': { type: 'string' }, events: { type: 'string' } },
    strict: true,
  });
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
    options: { ...CLIENT_OPTIONS, data: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
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
  const client = await connectClient(clientOptionsOf(values, defaultDataDir));
  const body = parseWith(api['events.trigger'].body, { type, ...(data ? { data } : {}) }, 'body');
  const e = await client.call('events.trigger', { body });
  process.stdout.write(`${e.type} ${e.id}\n`);
  return 0;
}
