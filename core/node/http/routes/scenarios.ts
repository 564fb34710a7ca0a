import { asList, implement } from '../route.js';
import { scenarioContracts } from '../../../engine/api/routes/scenarios.js';
import { deleteScenario, listScenarios, restoreScenario, saveScenario } from '../../workspace/scenarios.js';

export const scenarioRoutes = implement(scenarioContracts, {
  'scenarios.list': ({ svc, scope }) => asList('/scenarios', { data: listScenarios(svc, scope), has_more: false }),
  'scenarios.create': ({ svc, scope, body }) => saveScenario(svc, scope, body.name, body.description),
  'scenarios.restore': async ({ svc, scope, params }) => {
    const { scenario, summary } = await svc.timeTravel.tracked(() => restoreScenario(svc, scope, params.id), scope);
    const { replaced: _r, ...counts } = summary;
    return { object: 'scenario_restore' as const, scenario, ...counts, clock: svc.timeTravel.state() };
  },
  'scenarios.delete': ({ svc, scope, params }) => deleteScenario(svc, scope, params.id),
});
