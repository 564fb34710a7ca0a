/** The service's notion of "now", injectable so tests and demos can fix time. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export function fixedClock(iso: string): Clock & { set(iso: string): void; advance(ms: number): void } {
  let t = new Date(iso).getTime();
  return {
    now: () => new Date(t),
    set: (s) => void (t = new Date(s).getTime()),
    advance: (ms) => void (t += ms),
  };
}
