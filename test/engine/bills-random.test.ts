// The second half of the random bill cases against the slow reference (the first is in bills.test.ts).
import { describe } from 'vitest';
import { CASES_SECOND, randomCase, referenceCases } from './bill-random-cases.js';

describe('the bill engine against the slow reference', () => {
  referenceCases(
    'bill-random-digest',
    'random case %i matches the minute-by-minute reference',
    CASES_SECOND,
    randomCase,
  );
});
