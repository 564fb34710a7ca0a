import type { Scope } from '../db/documents.js';
import type { IdGenerator } from '../../engine/ids.js';
import { notFound } from '../../engine/errors.js';
import type { FaultRule } from '../../engine/schemas/traffic.js';
import { isoSeconds } from '../../engine/clock.js';

export type { FaultRule };

const compile = (pattern: string) => {
  const [m, p] = pattern.includes(' ') ? pattern.split(/\s+/, 2) : ['*', pattern];
  const re = new RegExp('^' + p!.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + '$');
  return (method: string, path: string) => (m === '*' || m!.toUpperCase() === method) && re.test(path);
};

/** Fault injection for testers, per account and mode, switchable at run time. */
export class FaultService {
  private rules = new Map<string, FaultRule[]>();
  /** Each pattern is compiled once, not per request. */
  private matchers = new Map<string, (method: string, path: string) => boolean>();

  private matcher(pattern: string) {
    let m = this.matchers.get(pattern);
    if (!m) this.matchers.set(pattern, (m = compile(pattern)));
    return m;
  }

  constructor(
    private readonly ids: IdGenerator,
    private readonly random: () => number = Math.random,
  ) {}

  private key(s: Scope) {
    return `${s.accountId}:${s.liveMode}`;
  }

  list(scope: Scope): FaultRule[] {
    return [...(this.rules.get(this.key(scope)) ?? [])];
  }

  add(
    scope: Scope,
    input: Omit<FaultRule, 'id' | 'object' | 'live_mode' | 'hits' | 'time_created'>,
    now: Date,
  ): FaultRule {
    const r: FaultRule = {
      ...input,
      id: this.ids('flt'),
      object: 'fault_rule',
      live_mode: scope.liveMode,
      hits: 0,
      time_created: isoSeconds(now),
    };
    this.rules.set(this.key(scope), [...this.list(scope), r]);
    return r;
  }

  update(
    scope: Scope,
    id: string,
    patch: Partial<Pick<FaultRule, 'enabled' | 'probability' | 'latency_ms' | 'status' | 'code'>>,
  ): FaultRule {
    const r = this.list(scope).find((x) => x.id === id);
    if (!r) throw notFound('fault_rule', id);
    Object.assign(r, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
    return r;
  }

  remove(scope: Scope, id: string): FaultRule {
    const all = this.list(scope);
    const r = all.find((x) => x.id === id);
    if (!r) throw notFound('fault_rule', id);
    this.rules.set(
      this.key(scope),
      all.filter((x) => x.id !== id),
    );
    return r;
  }

  /** The first enabled rule that matches and fires, if any. */
  pick(scope: Scope, method: string, path: string): FaultRule | undefined {
    for (const r of this.rules.get(this.key(scope)) ?? []) {
      if (r.enabled && this.matcher(r.pattern)(method, path) && this.random() < r.probability) {
        r.hits++;
        return r;
      }
    }
    return undefined;
  }
}
