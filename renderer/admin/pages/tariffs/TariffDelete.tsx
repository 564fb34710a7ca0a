import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import { useFeedback } from '../../components/confirm';
import { forget, recreate, refreshWithout, restorable, tariffName } from '../../restore';
import type { Tariff } from '../../../../core/engine/schemas/tariff';
import { slotWords } from '../../../../core/engine/labels';

/** Delete, after a confirmation that names the tariff; undo re-creates it from its stored body. */
export function TariffDelete({ tariff }: { tariff: Tariff }) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const { confirm, notify } = useFeedback();
  const name = tariffName(tariff);
  const run = async () => {
    const body = restorable(tariff);
    const ok = await confirm({
      title: `Delete tariff “${name}”?`,
      body: (
        <>
          {slotWords(tariff.type, tariff.direction).label} at this location, contract{' '}
          {tariff.contract_start_date.slice(0, 10)} → {tariff.contract_end_date?.slice(0, 10) ?? 'open-ended'}. Its
          prices go with it.{' '}
          {body
            ? 'You can undo for a few seconds: the tariff comes back as a typed-in copy with a new id.'
            : 'An open-ended contract cannot be re-created through the API, so this cannot be undone.'}
        </>
      ),
      action: 'Delete',
    });
    if (!ok) return;
    try {
      await api.call('tariffs.delete', { params: { id: tariff.id } });
    } catch (e) {
      notify({ message: `Could not delete “${name}”: ${(e as Error).message}`, severity: 'error' });
      return;
    }
    forget(qc, tariff.id);
    navigate(`tariffs?location=${tariff.location_id}`);
    await refreshWithout(qc, tariff.id);
    notify({
      message: `Deleted “${name}”.${body ? ' Undo brings it back with a new id.' : ''}`,
      ...(body
        ? {
            undo: async () => {
              const [copy] = await recreate(api, [body]);
              await qc.invalidateQueries();
              navigate(`tariffs?location=${tariff.location_id}&id=${copy!.id}`);
            },
          }
        : {}),
    });
  };
  return (
    <Button size="small" color="error" onClick={() => void run()}>
      Delete
    </Button>
  );
}
