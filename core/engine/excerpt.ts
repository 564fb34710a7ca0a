/**
 * A short piece of someone else's text for a message: at most `max` characters in single
 * quotes, with quotes, backslashes, control and non-ASCII characters escaped, so a refusal points
 * at the spot without echoing the input (or writing control sequences to a terminal).
 */
export function excerpt(text: string, max = 24): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const escaped = cut.replace(/[^\x20-\x7e]|['\\]/g, (c) =>
    c === "'" || c === '\\' ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `'${escaped}'${text.length > max ? '…' : ''}`;
}
