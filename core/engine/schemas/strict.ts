import { z } from 'zod';
import { defOf, type ZodDef } from './zod-def.js';

type Cloneable = z.ZodType & { clone(def: ZodDef): z.ZodType };

const made = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The same schema with every object in it strict, nested ones included: for input checked
 * against a schema written for answers (an event's payload), where a field the schema does not
 * know must be refused rather than dropped. Checks and metadata of each node are kept.
 */
export function strictDeep<S extends z.ZodType>(schema: S): S {
  const known = made.get(schema);
  if (known) return known as S;
  const s = schema as unknown as Cloneable;
  const d = defOf(s);
  const deep = (x: z.ZodType | undefined) => (x ? strictDeep(x) : x);
  let out: z.ZodType;
  if (d.type === 'object' && d.shape) {
    const shape = Object.fromEntries(Object.entries(d.shape).map(([k, v]) => [k, strictDeep(v)]));
    out = s.clone({ ...d, shape, catchall: z.never() } as ZodDef);
  } else if (d.innerType) out = s.clone({ ...d, innerType: deep(d.innerType) });
  else if (d.type === 'array') out = s.clone({ ...d, element: deep(d.element) });
  else if (d.type === 'record') out = s.clone({ ...d, valueType: deep(d.valueType) });
  else if (d.type === 'union' && d.options) out = s.clone({ ...d, options: d.options.map((o) => strictDeep(o)) });
  else if (d.type === 'pipe') out = s.clone({ ...d, in: deep(d.in), out: deep(d.out) });
  else out = s;
  made.set(schema, out);
  return out as S;
}
