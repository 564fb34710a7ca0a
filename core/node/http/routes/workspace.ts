import { implement } from '../route.js';
import { workspaceContracts } from '../../../engine/api/routes/workspace.js';
import { WORKSPACE_FORMAT, WORKSPACE_FORMAT_VERSION } from '../../../engine/schemas/workspace.js';
import { invalid } from '../../../engine/errors.js';
import type { Scope } from '../../db/documents.js';
import { exportWorkspace } from '../../workspace/export.js';
import { importWorkspace } from '../../workspace/import.js';

function testOnly(scope: Scope): void {
  if (scope.liveMode)
    throw invalid('live_mode_not_allowed', 'A workspace is a test-mode world; log in with the test key.');
}

export const workspaceRoutes = implement(workspaceContracts, {
  'workspace.export': ({ svc, scope }) => {
    testOnly(scope);
    return {
      object: 'workspace_bundle' as const,
      format: WORKSPACE_FORMAT,
      format_version: WORKSPACE_FORMAT_VERSION,
      files: exportWorkspace(svc, scope),
    };
  },
  'workspace.import': async ({ svc, scope, body }) => {
    testOnly(scope);
    const summary = await svc.timeTravel.tracked(
      () => importWorkspace(svc, scope, body.files, { replace: body.replace }),
      scope,
    );
    return { object: 'workspace_import' as const, ...summary, clock: svc.timeTravel.state() };
  },
});
