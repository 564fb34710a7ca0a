import { describe, expect, it } from 'vitest';
import { hourlySlots } from '../../core/engine/pricing/hourly.js';
import { demoCarbon } from '../../core/engine/carbon/demo-series.js';

const t = (iso: string) => Date.parse(iso);

describe('hourlySlots', () => {
  it('cuts at whole UTC hours and averages the prices in each by time', () => {
    const intervals = [
      { from: t('2026-03-29T00:10:00Z'), to: t('2026-03-29T00:40:00Z'), value: 0.1, confidence: 1 },
      { from: t('2026-03-29T00:40:00Z'), to: t('2026-03-29T02:15:00Z'), value: 0.4, confidence: 0.7 },
    ];
    expect(hourlySlots(t('2026-03-29T00:10:00Z'), t('2026-03-29T02:15:00Z'), intervals)).toEqual([
      { from: t('2026-03-29T00:10:00Z'), to: t('2026-03-29T01:00:00Z'), value: 0.22, confidence: 0.7 },
      { from: t('2026-03-29T01:00:00Z'), to: t('2026-03-29T02:00:00Z'), value: 0.4, confidence: 0.7 },
      { from: t('2026-03-29T02:00:00Z'), to: t('2026-03-29T02:15:00Z'), value: 0.4, confidence: 0.7 },
    ]);
  });

  it('keeps a start with a fraction of a second and ends at the window end', () => {
    const from = t('2026-03-02T10:15:30.123Z');
    const slots = hourlySlots(from, t('2026-03-02T10:20:00Z'), [
      { from, to: t('2026-03-02T10:20:00Z'), value: 0.3, confidence: 1 },
    ]);
    expect(slots).toEqual([{ from, to: t('2026-03-02T10:20:00Z'), value: 0.3, confidence: 1 }]);
  });
});

describe('demoCarbon', () => {
  it('is deterministic, regional, and surer of begun hours than of later ones', () => {
    const at = t('2026-06-21T11:00:00Z');
    const now = t('2026-06-21T12:00:00Z');
    expect(demoCarbon('DE-LU', 'Europe/Berlin', at, now)).toEqual(demoCarbon('DE-LU', 'Europe/Berlin', at + 1000, now));
    expect(demoCarbon('NO1', 'Europe/Oslo', at, now).intensity).toBeLessThan(
      demoCarbon('PL', 'Europe/Warsaw', at, now).intensity / 5,
    );
    expect(demoCarbon('GB', 'Europe/London', at, now).confidence).toBe(1);
    expect(demoCarbon('GB', 'Europe/London', now + 3_600_000, now).confidence).toBe(0.9);
    expect(demoCarbon('GB', 'Europe/London', now + 10 * 86_400_000, now).confidence).toBe(0.3);
    for (let h = 0; h < 48; h++) {
      const r = demoCarbon('US-CAISO', 'America/Los_Angeles', at + h * 3_600_000, now);
      expect(r.relative).toBeGreaterThanOrEqual(0);
      expect(r.relative).toBeLessThanOrEqual(1);
    }
  });
});
