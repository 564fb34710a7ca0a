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
    summary: "Replace this account's test-mode world with a workspace, validated whole, written in one transaction",
    tag: 'Workspaces',
    body: WorkspaceImport,
    bodyLimit: 64 * 1024 * 1024,
    response: WorkspaceImportResult,
  },
});
