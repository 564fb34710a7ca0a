import { describe, expect, it } from 'vitest';
import {
  fromMajor,
  majorSymbol,
  minorUnitOf,
  toMajor,
  type MinorUnit,
} from '../../renderer/admin/components/price/units.js';
import { readUnits } from '../../renderer/admin/components/price/kept-unit.js';

/** Prices per kWh typed in a currency's minor unit are its major unit to the digit. */
const pence = minorUnitOf('GBP') as MinorUnit;

describe('price units', () => {
  it('offers the minor unit only for currencies of 1/100 that are priced in it', () => {
    expect(minorUnitOf('GBP')).toEqual({ name: 'p', digits: 2 });
    expect(minorUnitOf('EUR')).toEqual({ name: 'ct', digits: 2 });
    expect(minorUnitOf('USD')).toEqual({ name: '¢', digits: 2 });
    // No minor unit (JPY), a 1/1000 one (KWD, BHD), no currency, not a currency.
    for (const c of ['JPY', 'KRW', 'KWD', 'BHD', undefined, 'XYZ']) expect(minorUnitOf(c)).toBeNull();
    expect([majorSymbol('GBP'), majorSymbol('EUR'), majorSymbol('USD')]).toEqual(['£', '€', '$']);
  });

  it('converts typed minor units as decimal digits, with no float residue', () => {
    const cases: [string, number][] = [
      ['24.5', 0.245],
      ['30', 0.3],
      ['0.1', 0.001],
      ['7', 0.07],
      ['-3.25', -0.0325],
      ['28.17', 0.2817],
      ['.5', 0.005],
      ['1e1', 0.1],
      ['1234.5', 12.345],
      ['16.9', 0.169],
      ['33.3', 0.333],
      ['0.07', 0.0007],
    ];
    for (const [text, major] of cases) expect(toMajor(text, 'minor', pence), text).toBe(major);
    // What a float division gives instead, which the conversion avoids.
    expect(16.9 / 100).not.toBe(0.169);
    expect(0.07 / 100).not.toBe(0.0007);
  });

  it('rounds a minor-unit price to 5 decimals of the major unit, halves away from zero', () => {
    expect(toMajor('24.56789', 'minor', pence)).toBe(0.24568);
    expect(toMajor('24.567849', 'minor', pence)).toBe(0.24568);
    expect(toMajor('24.567449', 'minor', pence)).toBe(0.24567);
    expect(toMajor('0.0005', 'minor', pence)).toBe(0.00001);
    expect(toMajor('-0.0005', 'minor', pence)).toBe(-0.00001);
    expect(toMajor('0.0004', 'minor', pence)).toBe(0);
  });

  it('takes a major-unit text as before, and an empty one as no price', () => {
    expect(toMajor('0.245', 'major', pence)).toBe(0.245);
    expect(toMajor('24.56789', 'major', pence)).toBe(24.56789);
    expect(toMajor('', 'minor', pence)).toBeUndefined();
    expect(toMajor(' ', 'major', pence)).toBeUndefined();
    expect(toMajor('abc', 'minor', pence)).toBeNaN();
    // Without a minor unit the switch is never offered; a minor text is then read as major.
    expect(toMajor('24.5', 'minor', null)).toBe(24.5);
  });

  it('shows a major-unit price in the minor unit exactly, and back', () => {
    const cases: [number, string][] = [
      [0.245, '24.5'],
      [0.3, '30'],
      [0.001, '0.1'],
      [12.345, '1234.5'],
      [-0.0325, '-3.25'],
      [0, '0'],
      [1e-7, '0.00001'],
      [0.28170000000000001, '28.17'],
    ];
    for (const [major, text] of cases) {
      expect(fromMajor(major, 'minor', pence), String(major)).toBe(text);
      expect(toMajor(text, 'minor', pence)).toBe(Math.round(major * 1e5) / 1e5);
    }
    expect(fromMajor(0.245, 'major', pence)).toBe('0.245');
    expect(fromMajor(undefined, 'minor', pence)).toBe('');
  });

  it('reads back only the kept units it writes', () => {
    expect(readUnits(JSON.stringify({ GBP: 'minor', EUR: 'major' }))).toEqual({ GBP: 'minor', EUR: 'major' });
    for (const bad of [null, '', '{', '[]', '{"GBP":"pence"}', '{"gbp":"minor"}', '"minor"'])
      expect(readUnits(bad), String(bad)).toEqual({});
  });
});
