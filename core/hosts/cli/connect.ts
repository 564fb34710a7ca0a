import { commandArgs } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import { ServiceError, type ApiClient } from '../../engine/api/client.js';
import { parseWith } from '../../engine/api/validate.js';
import { ApiError } from '../../engine/errors.js';
import { DEFAULT_PORTS } from '../constants.js';

const CONNECTION_OPTIONS = `  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key (default: $TARIFF_DESK_DATA_DIR or ~/.tariff-desk)
  --account ID --key KEY  credentials instead of the data folder's test key`;

export const CONNECT_USAGE = `Usage: tariff-desk connect token|complete [options]   (connect token --help, connect complete --help)

  token     create a connect token on a running host and print it
  complete  end a token's session as a customer would, in one call (test mode)`;

export const CONNECT_TOKEN_USAGE = `Usage: tariff-desk connect token [--location ID] [--postal-address JSON] [options]

Creates a connect token (POST /connect/token, test mode) on a running host and prints the
token alone on one line, so a script can keep it: TOKEN=$(tariff-desk connect token).

Options:
  --location ID           a location the session works on (to edit or disconnect its tariff)
  --postal-address JSON   the customer's address, e.g. '{"city":"Berlin","country_code":"DE"}'
  --callback-url URL      where the flow ends (default: the connect web app's end page on its
                          default port, http://127.0.0.1:7070/complete)
  --tariff-type T         COMMODITY (default) or NON_COMMODITY
  --direction D           IMPORT (default), EXPORT or LOCAL
  --json                  print the whole answer as JSON
${CONNECTION_OPTIONS}`;

export const CONNECT_COMPLETE_USAGE = `Usage: tariff-desk connect complete --token COT CHOICE [--action EDIT|DISCONNECT] [options]

Ends the token's connect session as a customer would (POST /test_helpers/connect/complete,
test mode) and prints the token afterwards: its outcome, location and tariff.

CHOICE is exactly one of (none with --action DISCONNECT):
  --tariff ID [--provider ID]     a library tariff (ltf_…; the provider is looked up when absent),
                                  or for a grid-fee token a grid fee (grf_…, GET /grid-fees)
  --manual-fixed PRICE            a typed-in fixed tariff, PRICE per kWh in major units (0.245)
  --market [--market-id X] [--surcharge-fixed N] [--surcharge-percent N] [--provider ID]
                                  a typed-in tariff following the market price
  With --manual-fixed or --market, --provider-name NAME and --tariff-name NAME are what the
  customer types on the name pages (otherwise 'Typed in' and 'Fixed PRICE', or the helper's
  'Other provider' and 'Market tariff').
  --direct success|pending|failure --provider ID
                                  a DIRECT provider's login answered with that outcome

Options:
  --token COT             the connect token (required)
  --action EDIT|DISCONNECT  for a token made with --location: replace or remove the slot's tariff
  --postal-address JSON   the address, when the token has none: it answers the address page, which
                          needs address_line1, city, post_code and country_code
  --json                  print the token object as JSON
${CONNECTION_OPTIONS}`;

/** A refusal (the route's schema or the service) as one line: its message and its code. */
function explained(e: unknown): unknown {
  if (e instanceof ApiError || e instanceof ServiceError) return new Error(`${e.message} (${e.code})`);
  return e;
}

function json(text: string | undefined, option: string): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`--${option} must be JSON, e.g. '{"city":"Berlin","country_code":"DE"}'`);
  }
}

/** A number as typed, refused here with the option's name (the route would name its own field). */
function numeric(v: string | undefined, option: string, example: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n))
    throw new Error(`--${option} must be a number, e.g. ${example} (got '${v}')`);
  return n;
}

/** The provider whose library offers tariff `id`, read page by page from the provider list. */
async function providerOf(client: ApiClient, id: string): Promise<string> {
  let after: string | undefined;
  for (;;) {
    const page = await client.call('providers.list', {
      query: { limit: 100, ...(after ? { starting_after: after } : {}) },
    });
    const hit = page.data.find((p) => p.tariffs.some((t) => t.id === id));
    if (hit) return hit.id;
    if (!page.has_more || page.data.length === 0) break;
    after = page.data.at(-1)!.id;
  }
  throw new Error(`no provider offers the library tariff ${id} (tariff_not_found); list them with GET /providers`);
}

async function token(args: string[], defaultDataDir: string): Promise<number> {
  const options = {
    ...CLIENT_OPTIONS,
    location: { type: 'string' },
    'postal-address': { type: 'string' },
    'callback-url': { type: 'string' },
    'tariff-type': { type: 'string' },
    direction: { type: 'string' },
    json: { type: 'boolean', default: false },
  } as const;
  const parsed = commandArgs(args, options, CONNECT_TOKEN_USAGE, { max: 0 });
  if (parsed.exit !== undefined) return parsed.exit;
  const v = parsed.values;
  const opts = clientOptionsOf(v, defaultDataDir);
  const raw = {
    // The API does not say where the connect web app is: its end page on the default port.
    callback_url: v['callback-url'] ?? `http://127.0.0.1:${DEFAULT_PORTS.connectWeb}/complete`,
    location_id: v.location,
    postal_address: json(v['postal-address'], 'postal-address'),
    tariff_type: v['tariff-type'],
    tariff_direction: v.direction,
  };
  // Checked by the route's own schema, so a bad option is named before any request.
  const body = parseWith(api['connect_token.create'].body, raw, 'body');
  const client = await connectClient(opts);
  const created = await client.call('connect_token.create', { body });
  process.stdout.write((v.json ? JSON.stringify(created) : created.connect_token) + '\n');
  return 0;
}

async function complete(args: string[], defaultDataDir: string): Promise<number> {
  const options = {
    ...CLIENT_OPTIONS,
    token: { type: 'string' },
    tariff: { type: 'string' },
    provider: { type: 'string' },
    'manual-fixed': { type: 'string' },
    market: { type: 'boolean', default: false },
    'market-id': { type: 'string' },
    'surcharge-fixed': { type: 'string' },
    'surcharge-percent': { type: 'string' },
    'provider-name': { type: 'string' },
    'tariff-name': { type: 'string' },
    direct: { type: 'string' },
    action: { type: 'string' },
    'postal-address': { type: 'string' },
    json: { type: 'boolean', default: false },
  } as const;
  const parsed = commandArgs(args, options, CONNECT_COMPLETE_USAGE, { max: 0 });
  if (parsed.exit !== undefined) return parsed.exit;
  const v = parsed.values;
  if (!v.token) throw new Error('--token COT is required (create one with: tariff-desk connect token)');
  const chosen = [
    v.tariff !== undefined && '--tariff',
    v['manual-fixed'] !== undefined && '--manual-fixed',
    v.market && '--market',
    v.direct !== undefined && '--direct',
  ].filter((c): c is string => c !== false);
  if (chosen.length > 1) throw new Error(`give one choice, not ${chosen.join(' and ')}`);
  if (!v.market && (v['market-id'] ?? v['surcharge-fixed'] ?? v['surcharge-percent']) !== undefined)
    throw new Error('--market-id, --surcharge-fixed and --surcharge-percent go with --market');
  if (!v.market && v['manual-fixed'] === undefined && (v['provider-name'] ?? v['tariff-name']) !== undefined)
    throw new Error('--provider-name and --tariff-name go with --manual-fixed or --market');
  const names = {
    ...(v['provider-name'] !== undefined ? { provider_name: v['provider-name'] } : {}),
    ...(v['tariff-name'] !== undefined ? { tariff_name: v['tariff-name'] } : {}),
  };
  // Checked before any request, so a typo is named by its option.
  const price = numeric(v['manual-fixed'], 'manual-fixed', '0.245 (per kWh, major units)');
  const surchargeFixed = numeric(v['surcharge-fixed'], 'surcharge-fixed', '0.02');
  const surchargePercent = numeric(v['surcharge-percent'], 'surcharge-percent', '5');
  const client = await connectClient(clientOptionsOf(v, defaultDataDir));
  const choice: Record<string, unknown> = {};
  // A grid-fee token's pages pick a grid fee from a list and ask no provider: send none.
  const gridFee =
    (v.tariff !== undefined || price !== undefined) &&
    (await client.call('connect_token.retrieve', { query: { connect_token: v.token } })).tariff_type ===
      'NON_COMMODITY';
  if (v.tariff !== undefined) {
    choice.tariff_id = v.tariff;
    if (!gridFee) choice.provider_id = v.provider ?? (await providerOf(client, v.tariff));
  } else if (price !== undefined) {
    choice.manual = {
      ...(gridFee ? {} : { provider_name: 'Typed in' }),
      tariff_name: `Fixed ${v['manual-fixed']}`,
      ...names,
      structure: 'FIXED',
      cost: price,
    };
  } else if (v.market) {
    choice.market = {
      provider_id: v.provider,
      market_id: v['market-id'],
      surcharge_fixed: surchargeFixed,
      surcharge_percent: surchargePercent,
      ...names,
    };
  } else if (v.direct !== undefined) {
    choice.direct = { provider_id: v.provider, outcome: v.direct };
  }
  const body = parseWith(
    api['testHelpers.connect.complete'].body,
    {
      connect_token: v.token,
      action: v.action,
      postal_address: json(v['postal-address'], 'postal-address'),
      ...choice,
    },
    'body',
  );
  const t = await client.call('testHelpers.connect.complete', { body });
  process.stdout.write(
    v.json
      ? JSON.stringify(t) + '\n'
      : `${t.id} ${t.complete_action || 'not completed'}  location ${t.location_id ?? '-'}  tariff ${t.tariff_id ?? '-'}  price_available ${t.price_available}\n`,
  );
  return 0;
}

/** `tariff-desk connect token|complete`: connect tokens and their sessions on a running host, for scripts and CI. */
export async function connectCommand(args: string[], defaultDataDir: string): Promise<number> {
  const [verb, ...rest] = args;
  try {
    switch (verb) {
      case 'token':
        return await token(rest, defaultDataDir);
      case 'complete':
        return await complete(rest, defaultDataDir);
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(CONNECT_USAGE + '\n');
        return 0;
      default:
        process.stderr.write(`${verb === undefined ? '' : `Unknown connect command '${verb}'.\n`}${CONNECT_USAGE}\n`);
        return 2;
    }
  } catch (e) {
    throw explained(e);
  }
}
