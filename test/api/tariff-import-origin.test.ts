import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { urdbText } from '../urdb-documents.js';
import { harness, snapshot, type Harness } from '../helpers.js';

/**
 * An imported URDB tariff keeps where it came from (label, utility, name, the rate's URDB page)
 * and the import's warnings: on the dry run's body, through POST /tariffs (the app's Save),
 * through edits, in GET /tariffs/{id}, and through a workspace export and import. It is Tariff
 * Desk's extension field `imported_from`, documented as such in OpenAPI.
 */

type Doc = Record<string, any>;
const doc = (name: string): Doc => JSON.parse(urdbText(name));
const SACRAMENTO = {
  address_line1: '1 Capitol Mall',
  city: 'Sacramento',
  post_code: '95814',
  state: 'CA',
  country_code: 'US',
};

let h: Harness;
let loc: string;
beforeEach(async () => {
  h = await harness('2026-03-01T12:00:00Z');
  loc = (await h.location(h.test, SACRAMENTO)).id;
});
afterEach(() => h.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  h.call({ method, url, headers: h.test, ...(payload ? { payload } : {}) });
const importRate = (rate: unknown, dryRun = true, extra: object = {}) =>
  call('POST', `/tariffs/import${dryRun ? '?dry_run=true' : ''}`, { location_id: loc, format: 'urdb', rate, ...extra });

describe('an imported tariff keeps its origin and its warnings', () => {
  it('import (dry run) → save through POST /tariffs → GET shows the origin and every warning', async () => {
    const rate = doc('demand-commercial');
    const dry = await importRate(rate, true, { contract_start_date: '2026-03-01', contract_end_date: '2027-03-01' });
    expect(dry.status).toBe(200);
    const origin = {
      format: 'urdb',
      label: rate.label,
      utility: 'Sierra Valley Electric Co',
      name: rate.name,
      url: rate.uri,
      warnings: dry.body.warnings,
    };
    expect(origin.url).toMatch(/^https:\/\/apps\.openei\.org\/USURDB\/rate\/view\//);
    expect(dry.body.warnings.length).toBeGreaterThan(5);
    expect(dry.body.tariff.imported_from).toEqual(origin);

    // The app's Save: the draft as edited (a new name here), through POST /tariffs.
    const saved = await call('POST', '/tariffs', { ...dry.body.tariff, display_name: 'GS-2 demand' });
    expect(saved.status).toBe(200);
    expect(saved.body.imported_from).toEqual(origin);
    expect(saved.body.connection_type).toBe('MANUAL');
    const got = await call('GET', `/tariffs/${saved.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ display_name: 'GS-2 demand', imported_from: origin });

    // Edits to the schedule and the name keep it; so does the list.
    const schedule = structuredClone(got.body.schedule);
    schedule[0].days_and_hours[0].hours[0].rate[0].fixed = 0.5;
    const patched = await call('PATCH', `/tariffs/${saved.body.id}`, { schedule, display_name: 'GS-2' });
    expect(patched.status).toBe(200);
    expect(patched.body.imported_from).toEqual(origin);
    const list = await call('GET', `/tariffs?location_id=${loc}`);
    expect(list.body.data[0].imported_from).toEqual(origin);
  });

  it('an import stored at once (no dry run) answers and keeps the same origin', async () => {
    const rate = doc('tou-seasonal');
    const r = await importRate(rate, false, { contract_start_date: '2026-03-01', contract_end_date: '2027-03-01' });
    expect(r.status).toBe(201);
    expect(r.body.tariff.imported_from).toEqual({
      format: 'urdb',
      label: rate.label,
      utility: rate.utility,
      name: rate.name,
      url: rate.uri,
      warnings: r.body.warnings,
    });
    expect((await call('GET', `/tariffs/${r.body.tariff.id}`)).body.imported_from).toEqual(r.body.tariff.imported_from);
  });

  it('the page is the document’s OpenEI uri, else the one its label names, else none', async () => {
    const rate = doc('flat');
    const page = (await importRate({ ...rate, uri: 'https://example.com/x' })).body.tariff.imported_from.url;
    expect(page).toBe(`https://apps.openei.org/USURDB/rate/view/${rate.label}`);
    const { label: _l, uri: _u, ...bare } = rate;
    const none = (await importRate(bare)).body.tariff.imported_from;
    expect(none).toMatchObject({ label: null, url: null, utility: rate.utility });
  });

  it('a typed-in tariff has no origin; a made-up page is refused by field and nothing is stored', async () => {
    const typed = await h.tariff(loc, { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' });
    expect(typed.imported_from).toBeUndefined();
    const dry = (await importRate(doc('flat'))).body.tariff;
    const before = snapshot(h.svc);
    for (const url of ['javascript:alert(1)', 'https://evil.example/openei.org/x', 'http://apps.openei.org/x']) {
      const r = await call('POST', '/tariffs', { ...dry, imported_from: { ...dry.imported_from, url } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('url_invalid');
      expect(r.body.message).toContain('imported_from.url');
    }
    // The origin is the import's to write: PATCH does not take it.
    const r = await call('PATCH', `/tariffs/${typed.id}`, { imported_from: dry.imported_from });
    expect(r.status).toBe(400);
    expect(snapshot(h.svc)).toBe(before);
  });

  it('a workspace export and import carries the origin', async () => {
    const r = await importRate(doc('demand-commercial'), false, {
      contract_start_date: '2026-03-01',
      contract_end_date: '2027-03-01',
    });
    const id = r.body.tariff.id;
    const files = (await h.api.call('workspace.export')).files;
    expect(JSON.parse(files[`tariffs/${id}.json`]!).imported_from).toEqual(r.body.tariff.imported_from);
    await h.api.call('demo.reset');
    expect((await call('GET', `/tariffs/${id}`)).status).toBe(404);
    await h.api.call('workspace.import', { body: { files, replace: true } });
    expect((await call('GET', `/tariffs/${id}`)).body.imported_from).toEqual(r.body.tariff.imported_from);
    expect((await h.api.call('workspace.export')).files).toEqual(files);
  });

  it('OpenAPI documents the field as Tariff Desk’s extension', async () => {
    const api = (await call('GET', '/openapi.json')).body;
    const tariff = api.components.schemas.Tariff.properties.imported_from;
    expect(JSON.stringify(tariff)).toContain('#/components/schemas/TariffImportedFrom');
    expect(api.components.schemas.TariffImportedFrom.description).toContain('Tariff Desk’s extension');
    expect(Object.keys(api.components.schemas.TariffImportedFrom.properties).sort()).toEqual(
      ['format', 'label', 'name', 'url', 'utility', 'warnings'].sort(),
    );
  });
});
