// The random net metering bill cases against the slow reference (the other random cases are in
// bills.test.ts and bills-random.test.ts).
import { describe } from 'vitest';
import { nemCase, NEM_CASES, referenceCases } from './bill-random-cases.js';

describe('the bill engine against the slow reference', () => {
  referenceCases(
    'bill-random-nem-digest',
    'net metering case %i matches the minute-by-minute reference',
    NEM_CASES,
    nemCase,
  );
});
