/**
 * How deeply JSON text may nest objects and arrays (docs/api.md, Limits). Real bodies nest
 * about ten levels (a workspace bundle's tariff schedule is the deepest); a hostile body of
 * 100,000 levels parses fine but would overflow every recursive walk after it (schemas,
 * serialisers), so it is refused before anything reads it.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether `text` nests deeper than `max` levels, by one pass over its characters (no recursion
 * and no parse, so a body cannot exhaust the stack). Brackets inside strings do not count. The
 * text need not be valid JSON: what is not is the parser's to refuse.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: to the next quote that no backslash escapes.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
