import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import type { TariffUpdate } from '../../../../core/engine/schemas/tariff';

/** A change to one tariff; the dialog closes when it is saved. */
export function usePatch(id: string, onClose: () => void) {
  const { api } = useApp();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TariffUpdate) => api.call('tariffs.update', { params: { id }, body }),
    onSuccess: () => {
      void qc.invalidateQueries();
      onClose();
    },
  });
}
