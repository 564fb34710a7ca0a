import { DateTime } from 'luxon';
import { asList, implement } from '../route.js';
import { deleted } from '../profile.js';
import { Codes, invalid } from '../../../engine/errors.js';
import { tariffContracts } from '../../../engine/api/routes/tariffs.js';
import { parseWith } from '../../../engine/api/validate.js';
import { tariffFromUrdb } from '../../../engine/tariffs/urdb.js';
import { urdbOrigin } from '../../../engine/tariffs/urdb-origin.js';

export const tariffRoutes = implement(tariffContracts, {
  'tariffs.create': ({ svc, scope, body }) => {
    const { end_tariff_id, ...tariff } = body;
    return svc.tariffs.create(scope, tariff, undefined, [], end_tariff_id);
  },
  'tariffs.import': ({ svc, scope, query, body, reply }) => {
    const { location_id, format: _urdb, rate, end_tariff_id, ...choices } = body;
    const location = svc.locations.find(scope, location_id);
    const today = DateTime.fromJSDate(svc.clock.now(), { zone: location.timezone }).toISODate()!;
    const draft = tariffFromUrdb(rate, {
      location_id,
      zone: location.timezone,
      currency: location.currency_code,
      today,
      ...choices,
    });
    // The body POST /tariffs would take, checked by its own schema, then stored on its own path.
    // It carries where it came from, so a draft saved later through POST /tariffs keeps that too.
    const tariff = parseWith(
      tariffContracts['tariffs.create'].body,
      { ...draft.tariff, imported_from: urdbOrigin(rate, draft.warnings) },
      'body',
    );
    if (query.dry_run) return { object: 'tariff_import' as const, tariff, warnings: draft.warnings };
    const stored = svc.tariffs.create(scope, tariff, undefined, [], end_tariff_id);
    reply.code(201);
    return { object: 'tariff_import' as const, tariff: stored, warnings: draft.warnings };
  },
  'tariffs.list': ({ svc, scope, query }) => {
    const { location_id, tariff_direction, direction, type, ...page } = query;
    if (tariff_direction && direction && tariff_direction !== direction)
      throw invalid(
        Codes.tariffDirectionConflict,
        'direction and tariff_direction name the same filter: give one, or the same value.',
      );
    return asList(
      '/tariffs',
      svc.tariffs.list(scope, { location_id, tariff_direction: tariff_direction ?? direction, type }, page),
    );
  },
  'tariffs.retrieve': ({ svc, scope, params }) => svc.tariffs.get(scope, params.id),
  'tariffs.update': ({ svc, scope, params, body }) => svc.tariffs.update(scope, params.id, body),
  'tariffs.delete': ({ svc, scope, params, reply }) => deleted(svc, scope, reply, svc.tariffs.delete(scope, params.id)),
});
