// The random net metering bill cases against the slow reference (the other random cases are in
// bills.test.ts and bills-random.test.ts).
import { describe, it } from 'vitest';
import { againstReferenceIn, nemCase, NEM_CASES, SLOW } from './bill-random-cases.js';

const againstReference = againstReferenceIn('bill-random-nem-digest');

describe('the bill engine against the slow reference', () => {
  it.each(NEM_CASES)(
    'net metering case %i matches the minute-by-minute reference',
    (seed) => againstReference(nemCase(seed)),
    SLOW,
  );
});
