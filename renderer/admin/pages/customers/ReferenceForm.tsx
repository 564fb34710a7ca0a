import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../components/forms';
import { ValueField } from '../../../shared/value-field';

/**
 * A new customer or device, or the reference of one (`current`): the one field both take. An
 * emptied reference is removed (`null`); a new object without one is created without it.
 */
export function ReferenceForm<T extends { id: string }>({
  what,
  current,
  hint,
  save,
  onSaved,
  onClose,
}: {
  /** "customer" or "device", as the title says it. */
  what: string;
  current?: { id: string; reference_id: string | null } | undefined;
  hint: string;
  save(reference: string | null): Promise<T>;
  onSaved?(saved: T): void;
  onClose(): void;
}) {
  const qc = useQueryClient();
  const [reference, setReference] = useState(current?.reference_id ?? '');
  const mutation = useMutation({
    mutationFn: () => save(reference.trim() || null),
    onSuccess: (saved) => {
      void qc.invalidateQueries();
      onClose();
      onSaved?.(saved);
    },
  });
  return (
    <FormDialog
      open
      title={current ? `Edit ${what} “${current.reference_id ?? current.id}”` : `New ${what}`}
      action={current ? 'Save' : 'Create'}
      busy={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={() => mutation.mutate()}
    >
      <ValueField
        label="Reference"
        value={reference}
        onValue={setReference}
        autoFocus
        helperText={current ? `${hint} Empty removes it.` : hint}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}
