import type { Separator } from './types.js';

/**
 * The separator of a file, from its first non-empty line: `;` or a tab where one appears
 * outside quotes, else `,`. Decided once for the file, so a decimal comma in a `;` file is a
 * decimal comma and never a column break.
 */
export function detectSeparator(text: string): Separator {
  const body = text.replace(/^\uFEFF/, '');
  const first = /^[ \t]*\S.*$/m.exec(body)?.[0] ?? '';
  let quoted = false;
  const count = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) count[ch]++;
  }
  if (count[';'] > 0 && count[';'] >= count['\t']) return ';';
  if (count['\t'] > 0) return '\t';
  return ',';
}
