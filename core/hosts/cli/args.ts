import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DateTime } from 'luxon';
import { ServiceError } from '../../engine/api/client.js';
import { ApiError } from '../../engine/errors.js';
import { Timestamp } from '../../engine/schemas/common.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type Values<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & typeof HELP; strict: true; allowPositionals: true }>
>['values'];
type Parsed<O extends Options> = { exit: 0 | 2 } | { exit: undefined; values: Values<O>; positionals: string[] };

/**
 * A subcommand's arguments, strict, with `--help`/`-h` for every command: `--help` prints the
 * usage to stdout and a wrong number of positionals prints it to stderr; either way the
 * command returns the exit code given here instead of its arguments.
 */
export function commandArgs<const O extends Options>(
  args: string[],
  options: O,
  usage: string,
  positionals: { min?: number; max?: number } = {},
): Parsed<O> {
  const all: O & typeof HELP = { ...options, ...HELP };
  const parsed = parseArgs({ args, options: all, strict: true, allowPositionals: true });
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage + '\n');
    return { exit: 0 };
  }
  const n = parsed.positionals.length;
  if (n < (positionals.min ?? 0) || n > (positionals.max ?? Infinity)) {
    process.stderr.write(usage + '\n');
    return { exit: 2 };
  }
  return { exit: undefined, values: parsed.values, positionals: parsed.positionals };
}

/**
 * Runs a command whose mistakes may be named by a route's schema here or by the host: their
 * code goes beside the message, as a script checks it (`… (duration_too_long)`).
 */
export async function withCodes<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ApiError || e instanceof ServiceError) throw new Error(`${e.message} (${e.code})`, { cause: e });
    throw e;
  }
}

/** A window edge: RFC 3339 as given, or a bare date meaning local midnight in the location's zone. */
export function edge(text: string, zone: string, name: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const d = DateTime.fromISO(text, { zone });
    if (d.isValid) return d.toMillis();
  } else if (Timestamp.safeParse(text).success) return Date.parse(text);
  throw new Error(
    `--${name} must be an RFC 3339 date-time or a YYYY-MM-DD date, not ${JSON.stringify(text.slice(0, 40))}`,
  );
}
