import fc from 'fast-check';

type Schema = Record<string, any>;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '../../etc/passwd',
  '..%2f..%2f',
  '\u0000',
  '%00',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE tariffs; --',
  '𝕳𝖊𝖑𝖑𝖔',
  '\uFFFF\uD800',
  'ﷺ'.repeat(50),
  'a'.repeat(5000),
  '{"nested":true}',
  'null',
  'NaN',
  '-0',
  '1e309',
  '__proto__',
  'constructor',
  'loc_',
  'trf_' + 'A'.repeat(80),
  'cot_../../x',
  'All',
  'Weekdays',
  '24:00:00',
  '23:59:60',
  '2026-02-30T00:00:00Z',
  '9999-12-31T23:59:59Z',
];
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 1e-320, 0, -0, 0.1 + 0.2, 99999999999];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
export const hostileNumber = fc.constantFrom(...HUGE_NUMBERS);
export const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Resolves `$ref`s into the document's components. */
export function resolver(doc: Schema) {
  const resolve = (s: Schema | undefined): Schema => {
    if (!s) return {};
    if (s.$ref) return resolve(doc.components.schemas[String(s.$ref).split('/').pop()!]);
    return s;
  };
  return resolve;
}

/** Values of a JSON schema, mostly valid, sometimes hostile, from the same schemas that validate requests. */
export function fromSchema(
  s0: Schema | undefined,
  resolve: (s: Schema | undefined) => Schema,
  ids: string[],
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(s0);
  const hostile = fc.oneof(hostileString, hostileNumber, anyJson);
  const valid = ((): fc.Arbitrary<unknown> => {
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.anyOf || s.oneOf)
      return fc.oneof(...(s.anyOf ?? s.oneOf).map((x: Schema) => fromSchema(x, resolve, ids, depth + 1)));
    const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
    switch (type) {
      case 'string':
        if (s.format === 'date-time')
          return fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString());
        return fc.oneof(
          fc.constantFrom(...ids, 'DE', 'All', '07:00:00', '00:00:00', 'IMPORT', 'COMMODITY', 'http://127.0.0.1:9/x'),
          fc.string({ maxLength: 20 }),
        );
      case 'integer':
        return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000 });
      case 'number':
        return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 5 ? fc.constant([]) : fc.array(fromSchema(s.items, resolve, ids, depth + 1), { maxLength: 3 });
      case 'object': {
        if (depth > 5) return fc.constant({});
        const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
        const required = new Set<string>(s.required ?? []);
        const rec: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of props) rec[k] = fromSchema(v, resolve, ids, depth + 1);
        return fc.record(rec, { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) });
      }
      default:
        return anyJson;
    }
  })();
  // One value in eight is hostile: wrong type, huge number, odd string.
  return fc.oneof({ weight: 7, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

/** Raw bodies no JSON encoder would write. */
export const rawBodies = fc.constantFrom(
  '{"location_id":"loc_a","location_id":"loc_b","type":"COMMODITY"}',
  '{' + '"a":'.repeat(1) + '['.repeat(3000) + ']'.repeat(3000) + '}',
  '[' + '['.repeat(10000) + ']'.repeat(10000) + ']',
  '{"end_time": 1e999}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '{"a": "\\ud800"}',
  'null',
  '"just a string"',
  '{',
  '',
);

export const badAuth = fc.oneof(
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'Bearer tdb_short',
    'Basic Og==',
    'Basic !!!',
    'bearer ' + 'x'.repeat(40),
    'Bearer tdb_' + 'A'.repeat(40),
    'Bearer sk_test_abc',
    'Digest abc',
  ),
  fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
);

/** The ways a schema-shaped body is made hostile (the outside campaign's classes). */
export const MUTATIONS = [
  'deep',
  'wide',
  'wrong_type',
  'unknown_field',
  'huge_string',
  'odd_number',
  'bad_unicode',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** A small deterministic generator, so a failing case replays from its seed. */
function prng(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** Every place in a JSON value: the containers and the keys (or indexes) in them. */
function places(v: unknown, out: { parent: Record<string | number, unknown>; key: string | number }[] = []) {
  if (v && typeof v === 'object')
    for (const k of Object.keys(v)) {
      const key = Array.isArray(v) ? Number(k) : k;
      out.push({ parent: v as Record<string | number, unknown>, key });
      places((v as Record<string | number, unknown>)[key], out);
    }
  return out;
}

/**
 * A valid-looking body made hostile one way, as JSON text: nested past any limit, thousands of
 * keys wide, a value of the wrong type, a field nobody declared (at any depth), a string of
 * 200,000 characters, a number JSON parsers disagree on, or text that is not valid Unicode.
 */
export function mutate(body: unknown, how: Mutation, seed: number): string {
  const pick = prng(seed);
  const root = { body: structuredClone(body ?? {}) } as Record<string | number, unknown>;
  const all = places(root);
  const at = all[pick(all.length)]!;
  const objects = [root, ...all.map((p) => p.parent[p.key])].filter(
    (v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v),
  );
  switch (how) {
    case 'deep': {
      const levels = [65, 200, 100_000][pick(3)]!;
      at.parent[at.key] = '__DEEP__';
      return JSON.stringify(root.body).replace('"__DEEP__"', '['.repeat(levels) + ']'.repeat(levels));
    }
    case 'wide': {
      const wide: Record<string, number> = {};
      for (let i = 0; i < 5_000; i++) wide[`k${i}`] = i;
      at.parent[at.key] = pick(2) ? wide : Array.from({ length: 50_000 }, (_, i) => i);
      break;
    }
    case 'wrong_type': {
      const v = at.parent[at.key];
      const others = [[], {}, 'text', 12.5, true, null].filter(
        (o) => typeof o !== typeof v || Array.isArray(o) !== Array.isArray(v),
      );
      at.parent[at.key] = others[pick(others.length)];
      break;
    }
    case 'unknown_field': {
      const target = objects[pick(objects.length)]!;
      target[['unknown_field', 'é', '', 'Location_ID', 'x'.repeat(300)][pick(5)]!] = 1;
      break;
    }
    case 'huge_string':
      at.parent[at.key] = 'x'.repeat(200_000);
      break;
    case 'odd_number': {
      at.parent[at.key] = '__NUMBER__';
      const n = ['1e999', '-1e999', '-0', '1e-400', '123456789012345678901234567890', '0.1e+0000000000000000001'][
        pick(6)
      ]!;
      return JSON.stringify(root.body).replace('"__NUMBER__"', n);
    }
    case 'bad_unicode': {
      at.parent[at.key] = '__TEXT__';
      const t = ['"\\ud800"', '"\\udfff\\ud800"', '"\\u0000\\u202e"', '"\uFFFE\uFFFF"'][pick(4)]!;
      return JSON.stringify(root.body).replace('"__TEXT__"', t);
    }
  }
  return JSON.stringify(root.body);
}
