import { z } from 'zod';
import { contracts } from '../contract.js';
import { WorkspaceBundle, WorkspaceCounts, WorkspaceImport } from '../../schemas/workspace.js';
import { ClockState } from './clock.js';

export const WorkspaceImportResult = z
  .object({
    object: z.literal('workspace_import'),
    replaced: z.boolean().meta({ description: 'Whether a non-empty world was replaced.' }),
    ...WorkspaceCounts,
    clock: ClockState,
  })
  .meta({ id: 'WorkspaceImportResult' });

/**
 * The largest workspace `POST /workspace/import` takes, in bytes of the request body (413
 * `body_too_large` past it). A workspace of 20,000 locations with a tariff each is about 34 MiB
 * as a bundle (docs/workspaces.md, Size); this leaves room for more tariffs per location while
 * the host's heap (1 GiB) still holds the parsed body and its files at once.
 */
export const WORKSPACE_IMPORT_LIMIT = 64 * 1024 * 1024;

export const workspaceContracts = contracts({
  'workspace.export': {
    method: 'GET',
    path: '/workspace',
    summary: "This account's test-mode world as a workspace bundle (every file of the folder by its path)",
    tag: 'Workspaces',
    query: z.strictObject({}),
    response: WorkspaceBundle,
  },
  'workspace.import': {
    method: 'POST',
    path: '/workspace/import',
    summary:
      "Replace this account's test-mode world with a workspace, validated whole, written in one transaction (body up to 64 MiB)",
    tag: 'Workspaces',
    body: WorkspaceImport,
    bodyLimit: WORKSPACE_IMPORT_LIMIT,
    response: WorkspaceImportResult,
  },
});
