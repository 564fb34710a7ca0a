// @ts-check
// The same integrator's client after moving to Anode (2025-09-14.anode): the renamed paths and fields.
import { expectStatus, http } from './http.js';

/** @param {import('./http.js').Config} config */
export function anodeClient(config) {
  const send = http(config, '2025-09-14.anode');
  return {
    version: '2025-09-14.anode',
    /** @param {object} postal_address */
    createLocation: async (postal_address) =>
      expectStatus(await send('POST', '/locations', { postal_address }), 200, 'create location'),
    /** @param {string} id */
    location: async (id) => expectStatus(await send('GET', `/locations/${id}`), 200, 'read location'),
    /**
     * @param {string} location_id
     * @param {object} tariff
     */
    connectTariff: async (location_id, tariff) =>
      expectStatus(await send('POST', '/tariffs', { location_id, ...tariff }), 200, 'create tariff'),
    /**
     * The import price in force at each of `instants`, read as Anode serves it: one interval per price.
     * @param {string} locationId
     * @param {string} start
     * @param {string} end
     * @param {string[]} instants
     */
    ratesAt: async (locationId, start, end, instants) => {
      const prices = expectStatus(
        await send('POST', `/prices/${locationId}`, { start_time: start, end_time: end }),
        200,
        'prices',
      );
      return instants.map((t) => {
        const at = Date.parse(t);
        const slot = prices.data.find(
          (/** @type {any} */ s) => Date.parse(s.valid_from) <= at && at < Date.parse(s.valid_to),
        );
        return slot?.price.value;
      });
    },
    /**
     * @param {string} location_id
     * @param {{ start: string, end: string, kwh: number }} use
     */
    cost: async (location_id, use) => {
      const body = { location_id, units: 'KWH', value: use.kwh, start_time: use.start, end_time: use.end };
      const r = expectStatus(await send('POST', '/costs/instant', body), 200, 'instant cost');
      return r.data.cost.value;
    },
    /** @param {string} id */
    removeTariff: async (id) => expectStatus(await send('DELETE', `/tariffs/${id}`), 200, 'delete tariff'),
  };
}
