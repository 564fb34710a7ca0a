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

/** A map of values read from the database, emptied whenever anything may have been written. */
export class ReadCache<K, V> {
  private readonly map = new Map<K, V>();
  private version = -1;

  constructor(
    private readonly writes: { current(): number },
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, read: () => V): V {
    const v = this.writes.current();
    if (v !== this.version) {
      this.map.clear();
      this.version = v;
    }
    if (this.map.has(key)) return this.map.get(key)!;
    const value = read();
    if (this.map.size >= this.maxEntries) this.map.clear();
    // A read that itself wrote (rare) must not be kept under the old version.
    if (this.writes.current() === v) this.map.set(key, value);
    return value;
  }
}
