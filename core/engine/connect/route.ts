import { z } from 'zod';
import { ProviderHeader } from './fields.js';

/** Every button a connect page may list (docs/connect.md, Pages). */
export const ACTIONS = [
  'BACK',
  'CLOSE',
  'EDIT',
  'DISCONNECT',
  'WRONG_TARIFF',
  'ADDRESS_CHANGE',
  'PROVIDER_MISSING',
  'TARIFF_MISSING',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * The isomorphic half of one connect page: its name, the buttons it allows, the zod schema of
 * the `data` it sends (the renderer's page type is derived from it), the schema of the `data`
 * it accepts (null when it takes only actions), and its error codes, each with the form field it
 * is shown beside (`form` for the page as a whole). The service's half (what it renders, where
 * it goes next) lives in core/node/connect/routes/ under the same name.
 */
export interface RouteSpec<N extends string = string> {
  readonly name: N;
  readonly actions: readonly Action[];
  readonly data: z.ZodType;
  readonly submit: z.ZodType | null;
  readonly errors: Readonly<Record<string, string>>;
  /** One message naming every missing field, when a submit misses several. */
  readonly missing?: (codes: readonly string[]) => string;
}

export const defineRoute = <const S extends RouteSpec>(spec: S): S => spec;

/**
 * A page's `data` schema: its own fields, and the provider header every page that knows the
 * provider carries (a page may define `provider` itself).
 */
export const pageData = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ provider: ProviderHeader.optional() }).extend(shape);

/** Errors every page that takes only actions can answer. */
export const ACTION_ERRORS = { action_missing: 'form', action_invalid: 'form' } as const;

/** The code of a shape problem (wrong type, missing value) by the field it is in; checks carry their own. */
const FIELD_CODES: Record<string, string> = {
  options: 'option_invalid',
  hours: 'incomplete_time_period',
  valid_from: 'valid_from_invalid',
  valid_to: 'valid_to_invalid',
  contract_end_date: 'contract_end_date_invalid',
  percentage: 'surcharge_percentage_invalid',
};

const sentence = /^(Enter|Choose|The|Give)\b/;

export type Parsed<T> = { ok: true; data: T } | { ok: false; code: string; message: string };

/** A submit's `data` parsed by its page's schema, or the first problem as the page's error code. */
export function parseSubmit<S extends z.ZodType>(spec: RouteSpec & { submit: S }, data: unknown): Parsed<z.output<S>> {
  const res = spec.submit.safeParse(data);
  if (res.success) return { ok: true, data: res.data };
  const coded = res.error.issues.map((issue) => {
    const field = issue.path.filter((p) => typeof p === 'string').at(-1) as string | undefined;
    const code =
      (issue as { params?: { code?: string } }).params?.code ?? (field && FIELD_CODES[field]) ?? 'data_json_invalid';
    const message = field && !sentence.test(issue.message) ? `${field} ${issue.message}` : issue.message;
    return { code, message };
  });
  const first = coded[0]!;
  const missing = [...new Set(coded.map((c) => c.code).filter((c) => c.endsWith('_missing')))];
  if (missing.length > 1 && spec.missing) return { ok: false, code: missing[0]!, message: spec.missing(missing) };
  return { ok: false, ...first };
}
