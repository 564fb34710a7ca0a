import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { harness, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const r = await h.call({ method: 'GET', url: '/openapi.json', headers: h.test });
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const res = await new Validator().validate(r.body);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
  });

  it('names every route the service serves, and no other', async () => {
    const doc = (await h.call({ method: 'GET', url: '/openapi.json', headers: h.test })).body;
    // The app serves both generations: a route is documented in one version's document or the other's.
    const zero = (await h.call({ method: 'GET', url: '/openapi.json?version=2024-08-24', headers: h.test })).body;
    const routesOf = (d: { paths: Record<string, object> }) =>
      Object.entries(d.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const anode = new Set(routesOf(doc));
    const documented = new Set([...anode, ...routesOf(zero)]);
    const served = new Set(h.app.routeTable.map((r) => r.replace(/:([A-Za-z_]+)/g, '{$1}')));
    expect(served.size).toBeGreaterThan(10);
    expect([...documented].sort()).toEqual([...served].sort());
    for (const must of [
      'GET /login',
      'POST /locations',
      'GET /locations',
      'GET /locations/{id}',
      'PATCH /locations/{id}',
      'DELETE /locations/{id}',
      'POST /tariffs',
      'GET /tariffs',
      'GET /tariffs/{id}',
      'PATCH /tariffs/{id}',
      'DELETE /tariffs/{id}',
      'GET /providers',
      'POST /audits/prices/{id}',
      'GET /meters/batch',
      'GET /openapi.json',
    ]) {
      expect(anode.has(must), must).toBe(true);
    }
    expect(doc.components.schemas).toHaveProperty('Tariff');
    expect(doc.components.schemas).toHaveProperty('TariffSchedule');
    expect(doc.components.schemas).toHaveProperty('Error');
    expect(doc.components.schemas).toHaveProperty('PriceAudit');
    expect(doc.components.schemas).toHaveProperty('MeterBatch');
  });
});
