/**
 * A least-recently-used cache bounded by an estimate of the bytes it holds, not by a count:
 * a 90-day price answer and a one-day one weigh what they weigh.
 */
export class ByteLru<K, V> {
  private readonly map = new Map<K, { value: V; bytes: number }>();
  private held = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V, key: K) => number,
  ) {}

  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: K, value: V): void {
    const bytes = this.sizeOf(value, key);
    if (bytes > this.maxBytes) return;
    this.delete(key);
    this.map.set(key, { value, bytes });
    this.held += bytes;
    for (const [k, e] of this.map) {
      if (this.held <= this.maxBytes) break;
      this.map.delete(k);
      this.held -= e.bytes;
    }
  }

  delete(key: K): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.held -= e.bytes;
  }

  /** Drops every entry the predicate names (revoked keys' tokens). */
  deleteWhere(pred: (value: V, key: K) => boolean): void {
    for (const [k, e] of this.map) if (pred(e.value, k)) this.delete(k);
  }

  clear(): void {
    this.map.clear();
    this.held = 0;
  }

  get bytes(): number {
    return this.held;
  }
}

/**
 * About how many bytes a value holds in the heap: strings at two bytes a character, numbers
 * eight, typed arrays their length, objects their fields plus a header. An estimate for
 * bounding caches, walked on a miss only; shared objects are counted once.
 */
export function estimateBytes(value: unknown, seen = new WeakSet<object>()): number {
  switch (typeof value) {
    case 'string':
      return 16 + 2 * value.length;
    case 'number':
    case 'bigint':
      return 8;
    case 'boolean':
    case 'undefined':
      return 4;
    case 'object': {
      if (value === null) return 4;
      if (seen.has(value)) return 0;
      seen.add(value);
      if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
      let n = 32;
      if (value instanceof Map) for (const [k, v] of value) n += 16 + estimateBytes(k, seen) + estimateBytes(v, seen);
      else if (Array.isArray(value)) for (const v of value) n += 8 + estimateBytes(v, seen);
      else for (const [k, v] of Object.entries(value)) n += 8 + 2 * k.length + estimateBytes(v, seen);
      return n;
    }
    default:
      // Functions and symbols: their closures are not seen from here.
      return 32;
  }
}

/**
 * Values read from the database, emptied whenever anything may have been written, and bounded
 * by an estimate of the bytes they hold (least recently used go first), not by a count: one
 * location and the compiled tariffs of a location with thousands of them weigh what they weigh.
 */
export class ReadCache<K, V> {
  private readonly lru: ByteLru<K, { value: V }>;
  private version = -1;

  constructor(
    private readonly writes: { current(): number },
    maxBytes = 4 * 1024 * 1024,
    sizeOf: (value: V, key: K) => number = (v, k) => estimateBytes(v) + estimateBytes(k),
  ) {
    this.lru = new ByteLru(maxBytes, (e, k) => sizeOf(e.value, k));
  }

  get(key: K, read: () => V): V {
    const v = this.writes.current();
    if (v !== this.version) {
      this.lru.clear();
      this.version = v;
    }
    const hit = this.lru.get(key);
    if (hit) return hit.value;
    const value = read();
    // A read that itself wrote (rare) must not be kept under the old version.
    if (this.writes.current() === v) this.lru.set(key, { value });
    return value;
  }

  /** What the cache holds now, by its estimate. */
  get bytes(): number {
    return this.lru.bytes;
  }
}
