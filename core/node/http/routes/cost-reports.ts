import { implement } from '../route.js';
import { costReportContracts } from '../../../engine/api/routes/cost-reports.js';
import { reportDirection } from '../../services/cost-reports.js';

export const costReportRoutes = implement(costReportContracts, {
  'costs.instant': ({ svc, scope, query, body }) => svc.costReports.instant(scope, body, query.non_persistent === true),
  'costs.session': ({ svc, scope, params, query }) => svc.costReports.session(scope, params.id, reportDirection(query)),
  'costs.interval': ({ svc, scope, params, query, body }) =>
    svc.costReports.interval(scope, params.id, reportDirection(query), query.aggregation, body),
});
