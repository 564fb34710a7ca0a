import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api } from '../../core/engine/api/index.js';
import type { ContractDef } from '../../core/engine/api/contract.js';
import { TriggerRequest, EVENT_TYPES } from '../../core/engine/webhooks/schemas.js';
import { strictDeep } from '../../core/engine/schemas/strict.js';
import { defOf } from '../../core/engine/schemas/zod-def.js';

/** Every object node reachable in a schema, with the path that reaches it, and whether unknown keys are refused. */
function objects(root: z.ZodType, at: string): { at: string; strict: boolean }[] {
  const out: { at: string; strict: boolean }[] = [];
  const seen = new Set<z.ZodType>();
  const walk = (s: z.ZodType, path: string) => {
    if (seen.has(s)) return;
    seen.add(s);
    const d = defOf(s);
    if (d.type === 'object') {
      out.push({ at: path || '(root)', strict: !!d.catchall && defOf(d.catchall).type === 'never' });
      for (const [k, v] of Object.entries(d.shape ?? {})) walk(v, `${path}.${k}`);
      return;
    }
    for (const key of ['innerType', 'element', 'valueType', 'in', 'out', 'left', 'right'] as const) {
      const inner = d[key];
      if (inner && typeof inner === 'object' && '_zod' in inner) walk(inner, key === 'element' ? `${path}[]` : path);
    }
    for (const o of d.options ?? []) walk(o, path);
    if (d.type === 'lazy' && d.getter) walk(d.getter(), path);
  };
  walk(root, at);
  return out;
}

describe('every input schema refuses what it does not know', () => {
  it('every object in every path, query and body schema of the route table is strict, nested ones included', () => {
    const loose: string[] = [];
    let count = 0;
    for (const c of Object.values(api) as (ContractDef & { operationId: string })[])
      for (const part of ['params', 'query', 'body'] as const) {
        const s = c[part] as z.ZodType | undefined;
        if (!s) continue;
        for (const o of objects(s, `${c.operationId} ${part}`)) {
          count++;
          if (!o.strict) loose.push(o.at);
        }
      }
    expect(loose).toEqual([]);
    // The walk reached the nested objects (schedules, addresses, candidates…), not only the tops.
    expect(count).toBeGreaterThan(100);
  });

  it("the trigger's data is checked against each event's payload made strict all the way down", () => {
    expect(defOf(TriggerRequest).type).toBe('object');
    for (const [type, e] of Object.entries(EVENT_TYPES)) {
      const strict = objects(strictDeep(e.data as z.ZodType), type);
      expect(strict.length, type).toBeGreaterThan(0);
      expect(strict.filter((o) => !o.strict).map((o) => o.at)).toEqual([]);
    }
  });
});
