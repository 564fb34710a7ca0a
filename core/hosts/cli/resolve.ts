import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { commandArgs } from './args.js';
import { api } from '../../engine/api/index.js';
import { parseWith } from '../../engine/api/validate.js';

const RESOLVE_HELP = `Usage: tariff-desk resolve TARIFF_ID succeed|fail [--api-url U] [--data-dir D] [--account A --key K]

Answers for the provider of a PENDING DIRECT tariff on a running host: succeed delivers the
provider's tariff (CONNECTED), fail ends the connection (FAILED). Prints the tariff's new status.`;

/**
 * `tariff-desk resolve TARIFF_ID succeed|fail`: answers for the provider of a PENDING DIRECT
 * tariff on a running host (`POST /tariffs/{id}/resolve`), and prints the tariff's new status.
 */
export async function resolvePendingCommand(args: string[], defaultDataDir: string): Promise<number> {
  const parsed = commandArgs(args, CLIENT_OPTIONS, RESOLVE_HELP);
  if (parsed.exit !== undefined) return parsed.exit;
  const { values, positionals } = parsed;
  const [id, outcome] = positionals;
  if (!id || !outcome || positionals.length > 2)
    throw new Error('give the tariff and the outcome, e.g. tariff-desk resolve trf_… succeed (or fail)');
  // Checked here by the route's own schemas, so a typo is named before any request.
  const params = parseWith(api['tariffs.resolve'].params, { id }, 'path');
  const body = parseWith(api['tariffs.resolve'].body, { outcome }, 'body');
  const client = await connectClient(clientOptionsOf(values, defaultDataDir));
  const t = await client.call('tariffs.resolve', { params, body });
  process.stdout.write(`${t.id} ${t.status}\n`);
  return 0;
}
