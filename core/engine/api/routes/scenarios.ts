import { z } from 'zod';
import { contracts } from '../contract.js';
import { idOf, listOf } from '../../schemas/common.js';
import { Scenario, ScenarioCreate, WorkspaceCounts } from '../../schemas/workspace.js';
import { ClockState } from './clock.js';

const ScenarioId = z.strictObject({ id: idOf('scenario') });

export const ScenarioRestore = z
  .object({
    object: z.literal('scenario_restore'),
    scenario: Scenario,
    ...WorkspaceCounts,
    clock: ClockState,
  })
  .meta({ id: 'ScenarioRestore' });

export const scenarioContracts = contracts({
  'scenarios.list': {
    method: 'GET',
    path: '/scenarios',
    summary: 'Named snapshots of the test-mode world: the built-in ones, then the saved ones, newest first',
    tag: 'Scenarios',
    query: z.strictObject({}),
    response: listOf(Scenario, 'ScenarioList'),
  },
  'scenarios.create': {
    method: 'POST',
    path: '/scenarios',
    summary: 'Save the test-mode world and the clock as a scenario',
    tag: 'Scenarios',
    body: ScenarioCreate,
    response: Scenario,
  },
  'scenarios.restore': {
    method: 'POST',
    path: '/scenarios/:id/restore',
    summary: 'Replace the test-mode world with a scenario in one transaction and set its clock',
    tag: 'Scenarios',
    params: ScenarioId,
    body: z.strictObject({}).optional(),
    response: ScenarioRestore,
  },
  'scenarios.delete': {
    method: 'DELETE',
    path: '/scenarios/:id',
    summary: 'Delete a saved scenario (built-in ones stay)',
    tag: 'Scenarios',
    params: ScenarioId,
    response: Scenario,
  },
});
