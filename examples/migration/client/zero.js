// @ts-check
// The integrator's client as it was written for Zero (2024-08-24).
import { expectStatus, http } from './http.js';

/** @param {import('./http.js').Config} config */
export function zeroClient(config) {
  const send = http(config, '2024-08-24');
  return {
    version: '2024-08-24',
    /** @param {object} postal_address */
    createLocation: async (postal_address) =>
      expectStatus(await send('POST', '/locations', { postal_address }), 201, 'create location'),
    /** @param {string} id */
    location: async (id) => expectStatus(await send('GET', `/locations/${id}`), 200, 'read location'),
    /**
     * @param {string} location_id
     * @param {object} tariff the fields every generation shares: direction, type, name, contract, schedule
     */
    connectTariff: async (location_id, tariff) =>
      expectStatus(await send('POST', '/tariffs/elements', { location_id, ...tariff }), 200, 'create tariff element'),
    /**
     * The import rate in force at each of `instants` (ISO strings), read as Zero serves it: whole-hour slots.
     * @param {string} locationId
     * @param {string} start
     * @param {string} end
     * @param {string[]} instants
     */
    ratesAt: async (locationId, start, end, instants) => {
      const q = new URLSearchParams({ start_time: start, end_time: end, include_tariff: 'true' });
      const rates = expectStatus(await send('GET', `/tariffs/rates/${locationId}?${q}`), 200, 'tariff rates');
      return instants.map((t) => {
        const at = Date.parse(t);
        const slot = rates.data.find(
          (/** @type {any} */ s) => Date.parse(s.valid_from) <= at && at < Date.parse(s.valid_to),
        );
        return slot?.tariff.rate;
      });
    },
    /**
     * What `kwh` over one interval costs, priced and kept as a meter record.
     * @param {string} location_id
     * @param {{ start: string, end: string, kwh: number }} use
     */
    cost: async (location_id, use) => {
      const body = { location_id, units: 'KWH', value: use.kwh, start_time: use.start, end_time: use.end };
      const r = expectStatus(await send('POST', '/costs/instant', body), 200, 'instant cost');
      return r.data.tariff.value;
    },
    /** @param {string} id */
    removeTariff: async (id) =>
      expectStatus(await send('DELETE', `/tariffs/elements/${id}`), 202, 'delete tariff element'),
  };
}
