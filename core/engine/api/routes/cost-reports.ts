import { contracts } from '../contract.js';
import { z } from 'zod';
import { MeterRecordInput } from '../../schemas/meter.js';
import {
  EnergyCost,
  InstantCost,
  InstantCostQuery,
  IntervalCostQuery,
  IntervalCostRequest,
  ReportSubject,
  SessionCostQuery,
  SessionReference,
} from '../../schemas/energy-cost.js';

export const costReportContracts = contracts({
  'costs.instant': {
    method: 'POST',
    path: '/costs/instant',
    summary: 'Price one meter record now, and store it unless non_persistent=true',
    tag: 'Costs',
    query: InstantCostQuery,
    body: MeterRecordInput,
    response: InstantCost,
  },
  'costs.session': {
    method: 'POST',
    path: '/costs/session/:id',
    summary: 'Cost of the meter records of a session (id: a session_reference_id)',
    tag: 'Costs',
    params: z.strictObject({ id: SessionReference }),
    query: SessionCostQuery,
    response: EnergyCost,
  },
  'costs.interval': {
    method: 'POST',
    path: '/costs/interval/:id',
    summary: 'Cost of the meter records of a location or device over a window, per record, day or month',
    tag: 'Costs',
    params: z.strictObject({ id: ReportSubject }),
    query: IntervalCostQuery,
    body: IntervalCostRequest,
    response: EnergyCost,
  },
});
