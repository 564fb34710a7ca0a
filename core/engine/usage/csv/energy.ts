// The energy cell of a row: a decimal number, negative only in generation (an inverter's own draw).
import { z } from 'zod';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/**
 * An energy cell: a decimal number (a decimal comma only where `,` is not the separator), not
 * negative unless `negative` (generation as SAM and PVWatts write it: the inverter's draw at
 * night is below 0). One transform per cell rather than a chain of pipes: a year of quarter hours is
 * 35,000 of them.
 */
export const kwhCell = (decimalComma: boolean, negative = false) =>
  z.string().transform((cell, ctx) => {
    let c = cell.trim();
    if (decimalComma && /^[-+]?\d*,\d+$/.test(c)) c = c.replace(',', '.');
    const n = NUMBER.test(c) ? Number(c) : NaN;
    const problem = !Number.isFinite(n)
      ? 'is not a number'
      : n < 0 && !negative
        ? 'is negative (usage is energy taken or fed in, never below 0)'
        : Math.abs(n) > 1e9
          ? 'is too large'
          : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return n;
  });
