import { globalRegistry, type z } from 'zod';
import { ApiError, Codes } from '../errors.js';
import { excerpt } from '../excerpt.js';
import { defOf } from '../schemas/zod-def.js';

export type InputPart = 'body' | 'query' | 'path';

/** The schemas a node stands for once wrappers (optional, unions, pipes…) are looked through. */
function expand(nodes: z.ZodType[]): z.ZodType[] {
  const out: z.ZodType[] = [];
  const stack = [...nodes];
  const seen = new Set<z.ZodType>();
  while (stack.length) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    const d = defOf(s);
    if (d.innerType) stack.push(d.innerType);
    else if (d.type === 'union' && d.options) stack.push(...d.options);
    else if (d.type === 'pipe') stack.push(...[d.in, d.out].filter((x): x is z.ZodType => !!x));
    else if (d.type === 'intersection') stack.push(...[d.left, d.right].filter((x): x is z.ZodType => !!x));
    else if (d.type === 'lazy' && d.getter) stack.push(d.getter());
    else out.push(s);
  }
  return out;
}

/** The documented shape of a schema checked by hand (`z.custom` with JSON Schema in its metadata). */
interface JsonShape {
  properties?: Record<string, JsonShape>;
  items?: JsonShape;
  anyOf?: JsonShape[];
}
/** A documented shape with its alternatives (a nullable field is `anyOf` the shape and null). */
const alternatives = (shapes: JsonShape[]): JsonShape[] => shapes.flatMap((s) => [s, ...alternatives(s.anyOf ?? [])]);
const documented = (s: z.ZodType): JsonShape | undefined =>
  (globalRegistry.get(s) as JsonShape | undefined) ?? undefined;

/**
 * For each segment of an issue's path, whether the schema declares it as a field name. A key of
 * a record (a workspace's file name, a trigger's override) is the client's word, never a field:
 * codes are made only from names the schemas declare, so a client cannot choose a code. A part
 * checked by hand declares its fields by the JSON Schema it documents itself with.
 */
export function declaredSegments(schema: z.ZodType, path: readonly PropertyKey[]): boolean[] {
  let nodes = [schema];
  let shapes: JsonShape[] = [];
  return path.map((seg) => {
    const next: z.ZodType[] = [];
    const nextShapes: JsonShape[] = [];
    let declared = false;
    for (const shape of alternatives(shapes)) {
      if (typeof seg === 'string' && shape.properties && Object.hasOwn(shape.properties, seg)) {
        declared = true;
        nextShapes.push(shape.properties[seg]!);
      } else if (typeof seg === 'number' && shape.items) nextShapes.push(shape.items);
    }
    for (const s of expand(nodes)) {
      const d = defOf(s);
      if (d.type === 'object' && typeof seg === 'string' && d.shape && Object.hasOwn(d.shape, seg)) {
        declared = true;
        next.push(d.shape[seg]!);
      } else if (d.type === 'record' && d.valueType) next.push(d.valueType);
      else if (d.type === 'array' && d.element) next.push(d.element);
      else if (d.type === 'tuple' && typeof seg === 'number') {
        const item = d.items?.[seg] ?? d.rest;
        if (item) next.push(item);
      } else if (d.type === 'custom') {
        const doc = documented(s);
        const inner = typeof seg === 'number' ? doc?.items : doc?.properties?.[seg as string];
        if (inner) nextShapes.push(inner);
        if (typeof seg === 'string' && doc?.properties && Object.hasOwn(doc.properties, seg)) declared = true;
      }
    }
    nodes = next;
    shapes = nextShapes;
    return declared;
  });
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A field path as a message shows it: `a.b[2]`, a key that is not a plain name quoted and escaped. */
function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && seg.length <= 40 && PLAIN_KEY.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${excerpt(String(seg), 40)}]`;
  }
  return out;
}

/**
 * Turns the first zod issue into a named error code and a message naming the field path. The
 * code names the innermost field the schema declares (`<field>_missing`, `<field>_invalid`),
 * else the part of the request (`body_invalid`); without the schema no segment is trusted.
 */
export function fromZod(err: z.ZodError, where: InputPart, schema?: z.ZodType): ApiError {
  const issue = throughUnions(err.issues[0]!);
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const full = formatPath([...path, issue.keys[0]!]);
    const what = where === 'query' ? 'Query parameter' : where === 'path' ? 'Path parameter' : 'Field';
    return new ApiError(400, 'invalid_request', Codes.parameterUnknown, `${what} '${full}' is not recognized.`);
  }
  const declared = schema ? declaredSegments(schema, path) : path.map(() => false);
  const i = declared.lastIndexOf(true);
  const lastName = i >= 0 ? (path[i] as string) : undefined;
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

/**
 * A union of shapes (a minimum, or a list of minimums) whose every branch but one failed on the
 * value's very type: the mistake is in that one branch, and is named in its own words
 * (`charges.minimum.amount` missing), not as a failed choice between the shapes.
 */
function throughUnions(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  let out = issue;
  while (out.code === 'invalid_union' && out.errors.length) {
    const fitting = out.errors.filter((b) => b.length && !(b[0]!.code === 'invalid_type' && b[0]!.path.length === 0));
    if (fitting.length !== 1) break;
    const inner = fitting[0]![0]!;
    out = { ...inner, path: [...out.path, ...inner.path] } as z.core.$ZodIssue;
  }
  return out;
}

/** Parses one part of a request with its schema, or throws the named 400. */
export function parseWith<S extends z.ZodType>(schema: S | undefined, value: unknown, where: InputPart): z.output<S> {
  if (!schema) return value as z.output<S>;
  const res = schema.safeParse(value, { reportInput: true });
  if (!res.success) throw fromZod(res.error, where, schema);
  return res.data;
}
