import { useRef, useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WorkspaceBundle } from '../../../core/engine/schemas/workspace';
import { useApp } from '../context';
import { useFeedback } from '../components/confirm';
import { ServiceError } from '../api';
import { CopyTable, ErrorAlert } from '../components/common';
import { Panel } from '../components/panels';
import { count } from './ScenariosPanel';

/**
 * Settings → Workspace. A browser page cannot write a folder, so here the workspace travels as
 * one bundle file: every file of the folder by its path, exactly as the command line writes it.
 * The folder itself (for git) comes from `tariff-desk export`, which also reads bundles back.
 */
export function WorkspacePanel() {
  const { api, boot, liveMode } = useApp();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const { confirm } = useFeedback();
  const download = useMutation({
    mutationFn: () => api.call('workspace.export'),
    onSuccess: (bundle) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(bundle, null, 2) + '\n'], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'tariff-desk-workspace.json';
      a.click();
      URL.revokeObjectURL(url);
    },
  });
  const load = useMutation({
    mutationFn: (v: { files: Record<string, string>; replace: boolean }) => api.call('workspace.import', { body: v }),
    onSuccess: () => qc.invalidateQueries(),
  });
  const [readError, setReadError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setReadError(null);
    load.reset();
    let files: Record<string, string>;
    try {
      files = WorkspaceBundle.parse(JSON.parse(await file.text())).files;
    } catch {
      setReadError(`${file.name} is not a workspace bundle (a JSON file downloaded from this page).`);
      return;
    }
    load.mutate(
      { files, replace: false },
      {
        // A non-empty world is replaced only once the user says so.
        onError: async (e) => {
          if (!(e instanceof ServiceError && e.code === 'workspace_not_empty')) return;
          load.reset();
          const ok = await confirm({
            title: 'Replace the test data?',
            body: `The test-mode locations, tariffs, webhooks, events, the library, imported market prices, settings and the clock are replaced by those of ${file.name}. Live data is never touched.`,
            action: 'Replace',
          });
          if (ok) load.mutate({ files, replace: true });
        },
      },
    );
  };
  const dir = boot.data_dir;

  return (
    <Panel
      title="Workspace"
      testId="workspace"
      intro="The test-mode world as a folder of small JSON files, one per object, for git and CI. This page downloads it as one bundle file (every file of the folder by its path) and imports such a bundle; the command line writes and reads the folder itself, and so does the desktop app’s File menu."
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <Button variant="outlined" disabled={liveMode || download.isPending} onClick={() => download.mutate()}>
          Download bundle
        </Button>
        <Button variant="outlined" disabled={liveMode || load.isPending} onClick={() => input.current?.click()}>
          Import bundle…
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="Workspace bundle file"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Stack>
      {load.isSuccess ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          Imported: {count(load.data.locations, 'location')}, {count(load.data.tariffs, 'tariff')},{' '}
          {count(load.data.webhook_endpoints, 'webhook')}; the clock is{' '}
          {load.data.clock.mode === 'real' ? 'at real time' : load.data.clock.mode}.
        </Alert>
      ) : null}
      {readError ? <Alert severity="error">{readError}</Alert> : null}
      <ErrorAlert error={download.error ?? load.error} />
      <CopyTable
        label="Workspace commands"
        labelWidth={200}
        rows={[
          ['Export the folder', `npx tariff-desk export ./tariff-workspace --data-dir "${dir}"`],
          ['Import (replacing)', `npx tariff-desk import ./tariff-workspace --data-dir "${dir}" --replace`],
          ['Serve it in CI', 'npx tariff-desk serve --workspace ./tariff-workspace --json'],
        ]}
      />
    </Panel>
  );
}
