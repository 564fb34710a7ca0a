import type { z } from 'zod';
import { ApiError, Codes } from '../errors.js';

export type InputPart = 'body' | 'query' | 'path';

function formatPath(path: PropertyKey[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out ? `.${String(seg)}` : String(seg);
  return out;
}

/** Turns the first zod issue into a named error code and a message naming the field path. */
export function fromZod(err: z.ZodError, where: InputPart): ApiError {
  const issue = err.issues[0]!;
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const full = formatPath([...path, issue.keys[0]!]);
    const what = where === 'query' ? 'Query parameter' : where === 'path' ? 'Path parameter' : 'Field';
    return new ApiError(400, 'invalid_request', Codes.parameterUnknown, `${what} '${full}' is not recognized.`);
  }
  const lastName = [...path].reverse().find((s) => typeof s === 'string') as string | undefined;
  const field = lastName ?? (where === 'path' ? 'id' : where);
  const at = formatPath(path) || where;
  const custom = issue.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : undefined;
  if (custom) return new ApiError(400, 'invalid_request', custom, `${at}: ${issue.message}`);
  if (
    (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') &&
    issue.input === undefined
  ) {
    return new ApiError(400, 'invalid_request', `${field}_missing`, `${at} is required.`);
  }
  if (issue.code === 'too_small' && issue.origin === 'array' && Number(issue.minimum) === 1) {
    return new ApiError(400, 'invalid_request', `${field}_missing`, `${at} needs at least one item.`);
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map(String).join(', ');
    return new ApiError(400, 'invalid_request', `${field}_invalid`, `${at}: must be one of ${allowed}.`);
  }
  return new ApiError(400, 'invalid_request', `${field}_invalid`, `${at}: ${issue.message}`);
}

/** Parses one part of a request with its schema, or throws the named 400. */
export function parseWith<S extends z.ZodType>(schema: S | undefined, value: unknown, where: InputPart): z.output<S> {
  if (!schema) return value as z.output<S>;
  const res = schema.safeParse(value, { reportInput: true });
  if (!res.success) throw fromZod(res.error, where);
  return res.data;
}
