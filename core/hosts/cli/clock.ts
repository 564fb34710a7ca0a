import { commandArgs } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import { parseWith } from '../../engine/api/validate.js';

export const CLOCK_USAGE = `Usage: tariff-desk clock [show|set INSTANT|freeze [INSTANT]|advance DURATION|advance --to INSTANT|real]

  show              the service clock (the default)
  set INSTANT       run from INSTANT on (real time plus a fixed offset)
  freeze [INSTANT]  stand still at INSTANT (default: the clock's now)
  advance DURATION  move forward (90s, 15m, 36h, 8d, or seconds), firing what falls due in order
                    (a long advance shows its progress until it lands)
  advance --to I    move forward to instant I
  real              back to real time

INSTANT is RFC 3339, e.g. 2026-12-24T18:00:00+01:00. Options: --api-url URL, --data-dir DIR, --account ID --key KEY.`;

/** How often `clock advance` asks how far a long advance got. */
const ADVANCE_POLL_MS = 500;

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `90s`, `15m`, `36h`, `8d` or plain seconds, as seconds. */
export function durationSeconds(text: string): number {
  const m = /^(-?\d+)([smhd]?)$/.exec(text.trim());
  if (!m) throw new Error(`'${text}' is not a duration: give seconds, or a number with s, m, h or d`);
  return Number(m[1]) * UNITS[m[2] || 's']!;
}

/** `tariff-desk clock …`: reads or moves a running host's service clock. */
export async function clock(args: string[], defaultDataDir: string): Promise<number> {
  const parsed = commandArgs(args, { ...CLIENT_OPTIONS, to: { type: 'string' } }, CLOCK_USAGE);
  if (parsed.exit !== undefined) return parsed.exit;
  const { values, positionals } = parsed;
  const [verb = 'show', arg] = positionals;
  const client = await connectClient(clientOptionsOf(values, defaultDataDir));
  let state;
  switch (verb) {
    case 'show':
      state = await client.call('clock.retrieve');
      break;
    case 'real':
      state = await client.call('clock.set', { body: { mode: 'real' } });
      break;
    case 'set':
    case 'freeze': {
      const now = arg ?? (verb === 'freeze' ? (await client.call('clock.retrieve')).now : undefined);
      if (!now) throw new Error('clock set needs an instant, e.g. 2026-12-24T18:00:00+01:00');
      const body = parseWith(api['clock.set'].body, { mode: verb === 'set' ? 'offset' : 'frozen', now }, 'body');
      state = await client.call('clock.set', { body });
      break;
    }
    case 'advance': {
      const raw = values.to ? { to: values.to } : { seconds: arg === undefined ? NaN : durationSeconds(arg) };
      const body = parseWith(api['clock.advance'].body, raw, 'body');
      state = await client.call('clock.advance', { body });
      // A long advance goes on in the background (202): follow its progress until it lands.
      while (state.advancing) {
        process.stderr.write(
          `advancing: done until ${state.advancing.done_until}, landing at ${state.advancing.target}\n`,
        );
        await new Promise((r) => setTimeout(r, ADVANCE_POLL_MS));
        state = await client.call('clock.retrieve');
      }
      break;
    }
    default:
      process.stderr.write(`Unknown clock command '${verb}'.\n${CLOCK_USAGE}\n`);
      return 2;
  }
  process.stdout.write(
    `${state.now}  ${state.mode}${state.mode === 'real' ? '' : ` (${state.offset_seconds >= 0 ? '+' : ''}${state.offset_seconds} s from real time)`}\n`,
  );
  return 0;
}
