/**
 * Timestamps in the request's form (rule 10): `Z`, or a fixed offset such as `+01:00`.
 * Answers hold thousands of boundaries, so the date part is cached per day and the time
 * written from a table. Whole seconds, the fraction cut off, as every answer writes instants.
 */
export type OutputForm = { kind: 'Z' } | { kind: 'offset'; minutes: number };

export function formOf(timestamp: string): OutputForm {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(timestamp);
  if (!m || /z$/i.test(timestamp)) return { kind: 'Z' };
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return { kind: 'offset', minutes };
}

const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const DAY = 86_400_000;

export function formatter(form: OutputForm): (ms: number) => string {
  let suffix = 'Z';
  let shift = 0;
  if (form.kind === 'offset') {
    const abs = Math.abs(form.minutes);
    suffix = `${form.minutes < 0 ? '-' : '+'}${TWO[Math.floor(abs / 60)]}:${TWO[abs % 60]}`;
    shift = form.minutes * 60_000;
  }
  let cachedDay = Number.NaN;
  let prefix = '';
  // "HH:MM:SS<suffix>" by second of the day: answers reuse a few dozen of them.
  const times: string[] = [];
  return (ms) => {
    const s = ms + shift;
    const day = Math.floor(s / DAY) * DAY;
    if (day !== cachedDay) {
      cachedDay = day;
      prefix = new Date(day).toISOString().slice(0, 11);
    }
    const r = s - day;
    const second = (r - (r % 1000)) / 1000;
    let tod = times[second];
    if (tod === undefined) {
      const hour = Math.floor(second / 3600);
      const min = Math.floor((second % 3600) / 60);
      tod = times[second] = TWO[hour] + ':' + TWO[min] + ':' + TWO[second % 60];
    }
    return prefix + tod + suffix;
  };
}
