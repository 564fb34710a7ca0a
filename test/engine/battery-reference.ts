// A slow, independent reference for the battery model: dynamic programming over a state-of-charge grid.
import type { BatteryParams, DispatchProblem, DispatchResult } from '../../core/engine/battery/types.js';

/** The cheapest energy-only cost (no tiers or demand) with soc restricted to multiples of `step`. */
export function referenceCost(p: DispatchProblem, b: BatteryParams, step: number): number {
  const k = Math.sqrt(b.roundTripEfficiency);
  const m = Math.round(b.capacityKwh / step);
  let best = new Float64Array(m + 1).fill(Infinity);
  best[Math.round(b.initialKwh / step)] = 0;
  for (let t = 0; t < p.hours.length; t++) {
    const next = new Float64Array(m + 1).fill(Infinity);
    const lim = b.powerKw * p.hours[t]! + 1e-12;
    const u = p.usageKwh[t]!;
    const g = p.generationKwh[t]!;
    for (let i = 0; i <= m; i++) {
      if (best[i] === Infinity) continue;
      for (let j = 0; j <= m; j++) {
        const s0 = i * step;
        const s1 = j * step;
        if (s1 < b.reserveKwh - 1e-12) continue;
        const c = s1 > s0 ? (s1 - s0) / k : 0;
        const d = s1 < s0 ? (s0 - s1) * k : 0;
        if (c > lim || d > lim) continue;
        if (!b.gridCharging && c > Math.max(g - u, 0) + 1e-12) continue;
        const f = u - g + c - d;
        if (!b.export && -f > Math.max(g - u, 0) + 1e-12) continue;
        const cost = f > 0 ? f * p.importPrice[t]! : f * p.exportPrice[t]!;
        next[j] = Math.min(next[j]!, best[i]! + cost);
      }
    }
    best = next;
  }
  let out = Infinity;
  for (let j = 0; j <= m; j++) if (j * step >= b.finalKwh - 1e-12) out = Math.min(out, best[j]!);
  return out;
}

/** Every invariant of the model, to 1e-9; returns the first broken one or null. */
export function infeasibility(p: DispatchProblem, b: BatteryParams, r: DispatchResult): string | null {
  const k = Math.sqrt(b.roundTripEfficiency);
  const eps = 1e-9;
  let s = b.initialKwh;
  for (let t = 0; t < p.hours.length; t++) {
    const c = r.charge[t]!;
    const d = r.discharge[t]!;
    const lim = b.powerKw * p.hours[t]!;
    if (c < -eps || d < -eps || c > lim + eps || d > lim + eps) return `power at ${t}`;
    if (c > eps && d > eps) return `both at ${t}`;
    s = s + k * c - d / k;
    if (Math.abs(s - r.soc[t]!) > eps) return `soc at ${t}`;
    if (s < b.reserveKwh - eps || s > b.capacityKwh + eps) return `soc bounds at ${t}`;
    const f = p.usageKwh[t]! - p.generationKwh[t]! + c - d;
    if (Math.abs(Math.max(f, 0) - r.importKwh[t]!) > eps || Math.abs(Math.max(-f, 0) - r.exportKwh[t]!) > eps)
      return `flow at ${t}`;
    const surplus = Math.max(p.generationKwh[t]! - p.usageKwh[t]!, 0);
    if (b.strategy === 'OPTIMAL' && !b.gridCharging && c > surplus + eps) return `grid charging at ${t}`;
    if ((b.strategy === 'SELF_CONSUMPTION' || !b.export) && r.exportKwh[t]! > surplus + eps)
      return `battery export at ${t}`;
  }
  if (b.strategy === 'OPTIMAL' && p.hours.length && s < b.finalKwh - eps) return 'final soc';
  return null;
}

/**
 * A second reference with tiers and demand: the model written out again, by other variables, as
 * CPLEX LP text and solved by HiGHS's text interface from nothing. Here import `i` and export `x`
 * are variables of their own (i - x = u - g + c - d), a group's peak is one variable `P` made of
 * its kW blocks, and a tier block's excess `y` is bounded below by the group's import past its
 * start. Only for cases a plain LP answers exactly: prices ≥ 0 and export never above import.
 */
export function referenceLpCost(
  highs: { solve(lp: string): { Status: string; ObjectiveValue: number } },
  p: DispatchProblem,
  b: BatteryParams,
): number {
  const n = p.hours.length;
  const k = Math.sqrt(b.roundTripEfficiency);
  const obj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const term = (coef: number, v: string) => `${coef >= 0 ? '+' : '-'} ${Math.abs(coef)} ${v}`;
  for (let t = 0; t < n; t++) {
    const u = p.usageKwh[t]!;
    const g = p.generationKwh[t]!;
    const lim = b.powerKw * p.hours[t]!;
    const surplus = Math.max(g - u, 0);
    obj.push(term(p.importPrice[t]!, `i${t}`), term(-p.exportPrice[t]!, `x${t}`));
    rows.push(`f${t}: i${t} - x${t} - c${t} + d${t} = ${u - g}`);
    rows.push(
      `s${t}: q${t} ${t ? `- q${t - 1}` : ''} ${term(-k, `c${t}`)} ${term(1 / k, `d${t}`)} = ${t ? 0 : b.initialKwh}`,
    );
    // No charging from the grid: c ≤ the surplus; no battery export: x ≤ the surplus.
    bounds.push(`0 <= c${t} <= ${b.gridCharging ? lim : Math.min(lim, surplus)}`, `0 <= d${t} <= ${lim}`);
    bounds.push(`${b.reserveKwh} <= q${t} <= ${b.capacityKwh}`, `i${t} >= 0`);
    bounds.push(b.export ? `x${t} >= 0` : `0 <= x${t} <= ${surplus}`);
  }
  if (n) rows.push(`final: q${n - 1} >= ${Math.max(b.finalKwh, b.reserveKwh)}`);
  (p.demand ?? []).forEach((grp, gi) => {
    let lower = 0;
    const parts: string[] = [];
    grp.blocks.forEach((bl, bi) => {
      const upper = bi === grp.blocks.length - 1 ? Infinity : (bl.toKw ?? Infinity);
      const v = `w${gi}_${bi}`;
      obj.push(term(bl.price, v));
      bounds.push(upper === Infinity ? `${v} >= 0` : `0 <= ${v} <= ${upper - lower}`);
      parts.push(v);
      lower = upper;
    });
    rows.push(`P${gi}: P${gi} - ${parts.join(' - ')} = 0`);
    bounds.push(`P${gi} >= 0`);
    for (const t of grp.cells) rows.push(`pk${gi}_${t}: ${p.hours[t]} P${gi} - i${t} >= 0`);
  });
  (p.tiers ?? []).forEach((grp, gi) => {
    grp.blocks.forEach((bl, bi) => {
      const v = `y${gi}_${bi}`;
      obj.push(term(bl.delta, v));
      bounds.push(`${v} >= 0`);
      rows.push(`ty${gi}_${bi}: ${v} ${[...grp.cells].map((t) => `- i${t}`).join(' ')} >= ${-bl.fromKwh}`);
    });
  });
  const lp = `Minimize\n obj: ${obj.join(' ')}\nSubject To\n ${rows.join('\n ')}\nBounds\n ${bounds.join('\n ')}\nEnd\n`;
  const r = highs.solve(lp);
  if (r.Status !== 'Optimal') throw new Error(`reference LP: ${r.Status}`);
  return r.ObjectiveValue;
}
