import { commandArgs } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import { ServiceError } from '../../engine/api/client.js';
import { ApiError } from '../../engine/errors.js';
import { parseWith } from '../../engine/api/validate.js';
import type { WebhookCheck } from '../../engine/webhooks/schemas.js';
import { signedNotAcceptedNote } from '../../engine/webhooks/check.js';

export const WEBHOOKS_USAGE = `Usage: tariff-desk webhooks check ENDPOINT_ID [options]

Checks the receiver of a webhook endpoint on a running host (POST /webhooks/{id}/check): sends
its URL a correctly signed event, forgeries (wrong signature, none, stale and future timestamps,
a changed body), the signed event again and an event of an unknown type, and says which answers
were the safe ones. Signed by the account's wire profile (Standard Webhooks, or PS256).

Exit status: 0 when every check passes, 1 when one fails, 2 on a usage error.

Options:
  --json                  the check as one JSON line, instead of the table
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key (default: $TARIFF_DESK_DATA_DIR or ~/.tariff-desk)
  --account ID --key KEY  credentials instead of the data folder's test key`;

/** A usage mistake: said with the usage, exit status 2. */
function usageError(message: string): number {
  process.stderr.write(`tariff-desk webhooks: ${message}\n${WEBHOOKS_USAGE}\n`);
  return 2;
}

/** The check as a table: one row per check, then the detail of each that failed. */
export function checkTable(c: WebhookCheck): string {
  const rows = c.checks.map((r) => [
    r.name,
    r.expected,
    r.status === null ? (r.error ?? '-') : String(r.status),
    r.name === 'timely' ? `${r.ms} max` : String(r.ms),
    r.passed ? 'pass' : 'FAIL',
  ]);
  const head = ['check', 'expected', 'got', 'ms', 'verdict'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const failed = c.checks.filter((r) => !r.passed);
  const scheme = c.scheme === 'ps256' ? 'PS256' : 'Standard Webhooks';
  const note = signedNotAcceptedNote(c.checks);
  return [
    `Receiver check ${c.id} of endpoint ${c.endpoint_id} at ${c.url} (${scheme})`,
    '',
    line(head),
    ...rows.map(line),
    '',
    failed.length === 0
      ? `All ${c.checks.length} checks passed.`
      : `${failed.length} of ${c.checks.length} checks failed:`,
    ...failed.map((r) => `  ${r.name}: ${r.detail}`),
    ...(note ? ['', note] : []),
  ].join('\n');
}

/** `tariff-desk webhooks check ENDPOINT_ID`: a running host's verdict on an endpoint's receiver. */
export async function webhooksCommand(args: string[], defaultDataDir: string): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === '--help' || verb === '-h' || verb === 'help') {
    process.stdout.write(WEBHOOKS_USAGE + '\n');
    return 0;
  }
  if (verb !== 'check')
    return usageError(verb === undefined ? 'give a command: check' : `unknown webhooks command '${verb}'`);
  let parsed;
  try {
    parsed = commandArgs(rest, { ...CLIENT_OPTIONS, json: { type: 'boolean', default: false } }, WEBHOOKS_USAGE, {
      min: 1,
      max: 1,
    });
  } catch (e) {
    // An unknown or incomplete option, as node:util says it.
    return usageError((e as Error).message);
  }
  if (parsed.exit !== undefined) return parsed.exit;
  const v = parsed.values;
  if ((v.account === undefined) !== (v.key === undefined)) return usageError('--account and --key go together');
  let id: string;
  try {
    // The route's own check of the id, before any request.
    id = parseWith(api['webhooks.check'].params, { id: parsed.positionals[0] }, 'path').id;
  } catch (e) {
    if (e instanceof ApiError) return usageError(`ENDPOINT_ID: ${e.message} (${e.code})`);
    throw e;
  }
  const client = await connectClient(clientOptionsOf(v, defaultDataDir));
  const check = await client.call('webhooks.check', { params: { id } }).catch((e: unknown) => {
    // The host's refusal (an endpoint it does not know), said with its code.
    throw e instanceof ServiceError ? new Error(`${e.message} (${e.code})`, { cause: e }) : e;
  });
  process.stdout.write((v.json ? JSON.stringify(check) : checkTable(check)) + '\n');
  return check.passed ? 0 : 1;
}
