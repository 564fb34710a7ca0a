import { describe, expect, it } from 'vitest';
import { Settings } from 'luxon';
import { instantText } from '../../renderer/admin/instant.js';

describe('instants of the service, in the app’s words', () => {
  it('weekday, day, month, year and seconds, in the computer’s zone, named', () => {
    const zone = Settings.defaultZone;
    try {
      Settings.defaultZone = 'Europe/Berlin';
      expect(instantText('2026-11-26T18:00:13Z')).toBe('Thu 26 Nov 2026, 19:00:13 CET');
      expect(instantText('2026-07-01T06:05:00.123Z', false)).toBe('08:05:00 CEST');
      Settings.defaultZone = 'UTC';
      expect(instantText('2026-11-26T18:00:13Z')).toBe('Thu 26 Nov 2026, 18:00:13 UTC');
    } finally {
      Settings.defaultZone = zone;
    }
  });
});
