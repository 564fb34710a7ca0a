/** A provider logo drawn from its name: initials on a colour picked from its id. Local, no network. */
export function logoSvg(id: string, name: string): string {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const hue = h % 360;
  const words = name.split(/\s+/).filter(Boolean);
  // A name that opens with an acronym (EDF, OVO Energy, E.ON Next) shows it whole.
  const acronym = (words[0] ?? '').replace(/[^A-Za-z0-9]/g, '');
  const initials = /^[A-Z0-9]{2,4}$/.test(acronym)
    ? acronym
    : words
        .slice(0, 2)
        .map((w) => w[0]!.toUpperCase())
        .join('')
        .replace(/[^A-Z0-9]/g, '') || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${name.replace(/[<>&"]/g, '')}"><rect width="64" height="64" rx="14" fill="hsl(${hue} 55% 42%)"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="${initials.length > 2 ? 19 : 24}" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}
