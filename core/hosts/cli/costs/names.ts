// What the table calls each tariff and each set of alternatives, in the user's own names.
import { basename } from 'node:path';
import type { ApiClient } from '../../../engine/api/client.js';

const displayName = (c: unknown): string | undefined => {
  const name = (c as { display_name?: unknown } | null)?.display_name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
};

/** An alternative set's name: its tariffs' display names, else its file's name without `.json`. */
export function setName(set: unknown[], file: string): string {
  const named = set.map(displayName).filter((n): n is string => n !== undefined);
  return named.length ? named.join(' + ') : basename(file).replace(/\.json$/i, '');
}

/** Display names by tariff id, and of the candidates by their place in the request (`candidates[0]`, `alternatives[1][0]`). */
export async function tariffNames(
  client: ApiClient,
  locationId: string,
  candidates: unknown[],
  alternatives: unknown[][],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const list = await client.call('tariffs.list', { query: { location_id: locationId, limit: 100 } });
  for (const t of list.data) names.set(t.id, t.display_name ?? '');
  const add = (c: unknown, key: string) => {
    const name = displayName(c);
    if (name !== undefined) names.set(key, name);
  };
  candidates.forEach((c, k) => add(c, `candidates[${k}]`));
  alternatives.forEach((set, a) => set.forEach((c, k) => add(c, `alternatives[${a}][${k}]`)));
  return names;
}
