import { Button, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../context';
import type { PendingOutcome } from '../../../core/engine/api/routes/pending-connections';

/**
 * The provider's side of a pending DIRECT connection: deliver the tariff or fail, as
 * `POST /tariffs/{id}/resolve` does (docs/connect.md, DIRECT providers).
 */
export function ResolvePending({ tariffId }: { tariffId: string }) {
  const { api } = useApp();
  const qc = useQueryClient();
  const resolve = useMutation({
    mutationFn: (outcome: PendingOutcome) =>
      api.call('tariffs.resolve', { params: { id: tariffId }, body: { outcome } }),
    onSuccess: () => qc.invalidateQueries(),
  });
  return (
    <>
      <Tooltip describeChild title="The provider delivers the tariff: it becomes CONNECTED (tariff.updated)">
        <Button size="small" variant="contained" disabled={resolve.isPending} onClick={() => resolve.mutate('succeed')}>
          Resolve: deliver
        </Button>
      </Tooltip>
      <Tooltip describeChild title="The provider fails: the tariff becomes FAILED (tariff.fetch.failed)">
        <Button size="small" color="error" disabled={resolve.isPending} onClick={() => resolve.mutate('fail')}>
          Resolve: fail
        </Button>
      </Tooltip>
    </>
  );
}
