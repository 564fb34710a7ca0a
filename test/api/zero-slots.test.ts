import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, snapshot, type Harness } from '../helpers.js';

/**
 * Zero's slots through the app: `GET /slots/time/{id}` and `GET /slots/threshold/{id}` answer
 * what Anode's schedules by duration and by limit answer for the same location and window.
 */

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  loc = (await h.location()).id;
  await h.tariff(loc); // Berlin: 0.32 from 07:00 to 22:00 local, 0.21 at night
});
afterEach(() => h.close());

const WINDOW = { start_time: '2026-03-02T17:00:00Z', end_time: '2026-03-03T07:00:00Z' };
const zero = (path: string, query: string, id = loc) =>
  h.call({ method: 'GET', url: `/slots/${path}/${id}?${query}`, headers: h.zero });
const anode = (path: string, payload: object) =>
  h.call({ method: 'POST', url: `/schedules/${path}/${loc}`, headers: h.test, payload: { ...WINDOW, ...payload } });
const windowQuery = `start_time=${WINDOW.start_time}&end_time=${WINDOW.end_time}`;

describe('Zero GET /slots/time/{id}', () => {
  it("answers slot_time with Anode's schedule by duration for the same window", async () => {
    for (const [segment, duration] of [
      ['LOW', 150],
      ['HIGH', 300],
      ['low', 60],
    ] as const) {
      const a = await zero('time', `${windowQuery}&direction=IMPORT&segment=${segment}&duration=${duration}`);
      expect(a.status, segment).toBe(200);
      const b = await anode('duration', { segment: segment.toUpperCase(), duration });
      expect(a.body).toMatchObject({
        id: expect.stringMatching(/^sta_/),
        object: 'slot_time',
        live_mode: false,
        location_id: loc,
        location_timezone: 'Europe/Berlin',
        currency_code: 'EUR',
        direction: 'IMPORT',
        request: { direction: 'IMPORT', segment: segment.toUpperCase(), duration, ...WINDOW },
        account_id: h.cred.account_id,
      });
      expect(a.body.next_update).toMatch(/^2026-03-0\dT\d{2}:00:00Z$/);
      expect(a.body.data).toEqual(
        b.body.data.map((p: any) => ({
          start_time: p.start_time,
          end_time: p.end_time,
          tariff: { rate_avg: p.price.average, confidence: p.price.confidence },
        })),
      );
    }
    const low = await zero('time', `${windowQuery}&segment=LOW&duration=150`);
    expect(low.body.data).toEqual([
      {
        start_time: '2026-03-02T21:00:00Z',
        end_time: '2026-03-02T23:30:00Z',
        tariff: { rate_avg: 0.21, confidence: 1 },
      },
    ]);
  });

  it("refuses bad input with Zero's statuses, naming the field", async () => {
    const before = snapshot(h.svc);
    for (const [q, field] of [
      [`${windowQuery}&duration=60`, 'segment'],
      [`${windowQuery}&segment=MIDDLE&duration=60`, 'segment'],
      [`${windowQuery}&segment=LOW`, 'duration'],
      [`${windowQuery}&segment=LOW&duration=1.5`, 'duration'],
      [`${windowQuery}&segment=LOW&duration=100000`, 'duration'],
      [`start_time=${WINDOW.start_time}&segment=LOW&duration=60`, 'end_time'],
    ] as const) {
      const a = await zero('time', q);
      expect(a.status, q).toBe(409);
      expect(a.body.message, q).toContain(field);
    }
    expect(
      (await zero('time', 'end_time=2026-03-02T12:00:00Z&segment=LOW&duration=60', 'loc_000000000000000000000000'))
        .status,
    ).toBe(404);
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('Zero GET /slots/threshold/{id}', () => {
  it("answers slot_threshold with Anode's schedule by limit; relative is a place on the range for both segments", async () => {
    for (const [segment, relative, anodeRelative] of [
      ['LOW', 0.5, 0.5],
      ['HIGH', 0.8, 0.2],
      ['HIGH', 0.01, 0.99],
    ] as const) {
      const a = await zero('threshold', `${windowQuery}&segment=${segment}&relative=${relative}`);
      expect(a.status).toBe(200);
      const b = await anode('limit', { segment, relative: anodeRelative });
      expect(a.body).toMatchObject({
        id: expect.stringMatching(/^slt_/),
        object: 'slot_threshold',
        direction: 'IMPORT',
        duration: b.body.duration,
        next_update: b.body.next_update,
        request: { direction: 'IMPORT', segment, relative, absolute: b.body.threshold, ...WINDOW },
      });
      expect(a.body.data).toEqual(
        b.body.data.map((p: any) => ({
          start_time: p.start_time,
          end_time: p.end_time,
          tariff: { rate: p.price.average, rate_avg: p.price.average, confidence: p.price.confidence },
        })),
      );
    }
    // HIGH at 0.8 of the range 0.21–0.32: at or above 0.298, the day band only.
    const high = await zero('threshold', `${windowQuery}&segment=HIGH&relative=0.8`);
    expect(high.body.request.absolute).toBeCloseTo(0.298, 6);
    expect(high.body.data.map((p: any) => [p.start_time, p.end_time])).toEqual([
      ['2026-03-02T17:00:00Z', '2026-03-02T21:00:00Z'],
      ['2026-03-03T06:00:00Z', '2026-03-03T07:00:00Z'],
    ]);
    expect(high.body.duration).toBe(300);
  });

  it('an absolute threshold overrides relative; the request says where it lies on the range', async () => {
    const a = await zero('threshold', `${windowQuery}&segment=LOW&absolute=0.25&relative=1`);
    expect(a.status).toBe(200);
    const b = await anode('limit', { segment: 'LOW', absolute: 0.25 });
    expect(a.body.data.map((p: any) => p.tariff.rate)).toEqual(b.body.data.map((p: any) => p.price.average));
    expect(a.body.data.map((p: any) => [p.start_time, p.end_time])).toEqual([
      ['2026-03-02T21:00:00Z', '2026-03-03T06:00:00Z'],
    ]);
    expect(a.body.request).toMatchObject({ absolute: 0.25, relative: 1 });
    const alone = await zero('threshold', `${windowQuery}&segment=LOW&absolute=0.265`);
    expect(alone.body.request).toMatchObject({ absolute: 0.265, relative: 0.5 });
  });

  it('refuses a threshold missing, a relative out of range and a bad segment with 409', async () => {
    for (const [q, field] of [
      [`${windowQuery}&segment=LOW`, 'relative'],
      [`${windowQuery}&segment=LOW&relative=2`, 'relative'],
      [`${windowQuery}&segment=LOW&absolute=cheap`, 'absolute'],
      [`${windowQuery}&relative=0.5`, 'segment'],
    ] as const) {
      const a = await zero('threshold', q);
      expect(a.status, q).toBe(409);
      expect(a.body.message, q).toContain(field);
    }
    const none = await zero('threshold', `${windowQuery}&segment=LOW&relative=0.5&direction=EXPORT`);
    expect(none.status).toBe(422);
  });
});
