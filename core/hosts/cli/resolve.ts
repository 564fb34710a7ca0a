import { parseArgs } from 'node:util';
import { resolve as resolvePath } from 'node:path';
import { connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import { parseWith } from '../../engine/api/validate.js';
import { DEFAULT_PORTS } from '../host.js';

export const RESOLVE_USAGE =
  'resolve   end a pending DIRECT connection on a running host: resolve TARIFF_ID succeed|fail';

/**
 * `tariff-desk resolve TARIFF_ID succeed|fail`: answers for the provider of a PENDING DIRECT
 * tariff on a running host (`POST /tariffs/{id}/resolve`), and prints the tariff's new status.
 */
export async function resolvePendingCommand(args: string[], defaultDataDir: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      'api-url': { type: 'string' },
      'data-dir': { type: 'string' },
      account: { type: 'string' },
      key: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const [id, outcome] = positionals;
  if (!id || !outcome || positionals.length > 2)
    throw new Error('give the tariff and the outcome, e.g. tariff-desk resolve trf_… succeed (or fail)');
  // Checked here by the route's own schemas, so a typo is named before any request.
  const params = parseWith(api['tariffs.resolve'].params, { id }, 'path');
  const body = parseWith(api['tariffs.resolve'].body, { outcome }, 'body');
  const client = await connectClient({
    apiUrl: values['api-url'] ?? `http://127.0.0.1:${DEFAULT_PORTS.api}`,
    dataDir: resolvePath(values['data-dir'] ?? defaultDataDir),
    account: values.account,
    key: values.key,
  });
  const t = await client.call('tariffs.resolve', { params, body });
  process.stdout.write(`${t.id} ${t.status}\n`);
  return 0;
}
