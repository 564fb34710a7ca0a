import { describe, expect, it } from 'vitest';
import { fixedWords } from '../../renderer/admin/components/charges/words';

describe('a fixed charge in words', () => {
  it('gives a rate the digits it has, two to four: 0.4997 a day is not rounded to 0.50', () => {
    expect(fixedWords({ amount: 0.4997, per: 'DAY', name: 'Standing charge' }, 'GBP')).toBe(
      'Standing charge £0.4997 per day',
    );
    expect(fixedWords({ amount: 0.6, per: 'DAY' }, 'GBP')).toBe('Standing charge £0.60 per day');
    expect(fixedWords({ amount: 2.5, per: 'MONTH', name: 'Meter rental' }, 'GBP')).toBe('Meter rental £2.50 per month');
    // Past four digits it is a price no bill states: four are shown.
    expect(fixedWords({ amount: 0.123456, per: 'DAY' }, 'EUR')).toBe('Standing charge €0.1235 per day');
  });
});
