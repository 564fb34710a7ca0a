import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { globalRegistry, type z } from 'zod';
import { api } from '../../core/engine/api/index.js';
import { zeroContracts } from '../../core/engine/api/zero/index.js';
import type { ContractDef } from '../../core/engine/api/contract.js';
import { Codes } from '../../core/engine/errors.js';
import { EVENT_TYPES } from '../../core/engine/webhooks/schemas.js';
import { Prefix } from '../../core/engine/ids.js';
import { defOf } from '../../core/engine/schemas/zod-def.js';

/**
 * The error codes the service may answer: its named constants, every code literal written in
 * its source, `<field>_missing` / `<field>_invalid` for each field some schema declares, and
 * `<kind>_not_found` / `<kind>_id_invalid` for each kind of id. A code outside it was built from
 * something else, such as a client's own key.
 */
export function errorCatalogue(): Set<string> {
  const codes = new Set<string>(Object.values(Codes));
  const literal = /'([a-z][a-z0-9]*(?:_[a-z0-9]+)+)'/g;
  const walkDir = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walkDir(p);
      else if (p.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(literal)) codes.add(m[1]!);
    }
  };
  walkDir('core');
  const fields = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (s: z.ZodType | undefined) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const d = defOf(s);
    if (d.type === 'object')
      for (const [k, v] of Object.entries(d.shape ?? {})) {
        fields.add(k);
        walk(v);
      }
    for (const key of ['innerType', 'element', 'valueType', 'in', 'out', 'left', 'right'] as const) walk(d[key]);
    for (const o of d.options ?? []) walk(o);
    // A part checked by hand (a URDB rate) declares its fields by the JSON Schema it documents itself with.
    if (d.type === 'custom') walkJson(globalRegistry.get(s));
  };
  const walkJson = (j: unknown) => {
    if (typeof j !== 'object' || j === null || seen.has(j)) return;
    seen.add(j);
    const o = j as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
    for (const [k, v] of Object.entries(o.properties ?? {})) {
      fields.add(k);
      walkJson(v);
    }
    walkJson(o.items);
    for (const x of o.anyOf ?? []) walkJson(x);
  };
  // Both dialects' routes: a union's mistake is named in its fitting branch's own fields (Zero's too).
  for (const c of [...Object.values(api), ...zeroContracts])
    for (const part of ['params', 'query', 'body', 'response'] as const) walk((c as ContractDef)[part]);
  for (const e of Object.values(EVENT_TYPES)) walk(e.data as z.ZodType);
  for (const f of [...fields, 'body', 'query', 'path', 'id']) {
    codes.add(`${f}_missing`);
    codes.add(`${f}_invalid`);
  }
  const kinds = Object.keys(Prefix).map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  for (const k of kinds) {
    codes.add(`${k}_not_found`);
    codes.add(`${k}_id_invalid`);
  }
  return codes;
}
