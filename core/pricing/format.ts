/**
 * Timestamps in the request's form (rule 10): `Z`, or a fixed offset such as `+01:00`.
 * Each boundary is formatted once; milliseconds appear only when present.
 */
export type OutputForm = { kind: 'Z' } | { kind: 'offset'; minutes: number };

export function formOf(timestamp: string): OutputForm {
  const m = /([+-])(\d{2}):(\d{2})$/.exec(timestamp);
  if (!m || /z$/i.test(timestamp)) return { kind: 'Z' };
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return { kind: 'offset', minutes };
}

export function formatter(form: OutputForm): (ms: number) => string {
  if (form.kind === 'Z') {
    return (ms) => {
      const iso = new Date(ms).toISOString();
      return ms % 1000 === 0 ? iso.slice(0, 19) + 'Z' : iso;
    };
  }
  const abs = Math.abs(form.minutes);
  const suffix = `${form.minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const shift = form.minutes * 60_000;
  return (ms) => {
    const iso = new Date(ms + shift).toISOString();
    return (ms % 1000 === 0 ? iso.slice(0, 19) : iso.slice(0, 23)) + suffix;
  };
}
