// The second half of the random bill cases against the slow reference (the first is in bills.test.ts).
import { describe, it } from 'vitest';
import { againstReferenceIn, CASES_SECOND, randomCase, SLOW } from './bill-random-cases.js';

const againstReference = againstReferenceIn('bill-random-digest');

describe('the bill engine against the slow reference', () => {
  it.each(CASES_SECOND)(
    'random case %i matches the minute-by-minute reference',
    (seed) => againstReference(randomCase(seed)),
    SLOW,
  );
});
