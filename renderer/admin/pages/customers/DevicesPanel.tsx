import { useState } from 'react';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ErrorAlert, Loading } from '../../components/common';
import { useFeedback } from '../../components/confirm';
import { DeleteButton, HeadRow } from '../../components/records';
import { CodeHint } from '../../components/words';
import { useServiceNow } from '../../service-time';
import { forget, refreshWithout } from '../../restore';
import type { Device } from '../../../../core/engine/schemas/customer';
import { ReferenceForm } from './ReferenceForm';
import { nameOf, useDevices } from './queries';
import { lastSeenWords } from './last-seen';
import { Moment } from './Moment';

const HINT = 'Your own reference for the device, e.g. its serial number.';

/** The account's devices: when each was last seen (in words and as a time), create, edit, delete. */
export function DevicesPanel() {
  const { api } = useApp();
  const qc = useQueryClient();
  const { confirm, notify } = useFeedback();
  const devices = useDevices();
  const now = useServiceNow(30_000);
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = devices.data?.data ?? [];

  const remove = async (d: Device) => {
    const ok = await confirm({
      title: `Delete device “${nameOf(d)}”?`,
      body: 'Its meter records stay, in their location’s and session’s reports. This cannot be undone.',
      action: 'Delete',
    });
    if (!ok) return;
    setError(null);
    try {
      await api.call('devices.delete', { params: { id: d.id } });
    } catch (e) {
      setError(e);
      return;
    }
    forget(qc, d.id);
    void refreshWithout(qc, d.id);
    notify({ message: `Deleted device “${nameOf(d)}”.` });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="devices-title" data-testid="devices">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2" id="devices-title" sx={{ flex: 1 }}>
          Devices
        </Typography>
        <Button variant="outlined" size="small" onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap' }}>
          New device
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        The account’s metered devices (an EV charger, a battery): a meter record may name one, and its last seen follows
        the newest record that does.
      </Typography>
      <Loading show={devices.isLoading} />
      <ErrorAlert error={devices.error ?? error} />
      {devices.data && list.length === 0 ? <Typography color="text.secondary">No devices yet.</Typography> : null}
      {list.length ? (
        <TableContainer>
          <Table size="small" aria-label="Devices">
            <HeadRow labels={['Device', 'Last seen', '']} />
            <TableBody>
              {list.map((d) => (
                <TableRow key={d.id} data-device={d.id}>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    {d.reference_id ?? <em>no reference</em>}
                    <Typography variant="caption" color="text.secondary" component="div">
                      <CodeHint code={d.id} />
                    </Typography>
                  </TableCell>
                  <TableCell data-testid="last-seen">
                    {d.last_seen ? (
                      <>
                        <strong>{now === undefined ? '' : lastSeenWords(d.last_seen, now)}</strong>
                        <Typography variant="body2" color="text.secondary" component="div">
                          <Moment iso={d.last_seen} />
                        </Typography>
                      </>
                    ) : (
                      <Typography component="span" variant="body2" color="text.secondary">
                        Never: no meter record has named it yet
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" aria-label={`Edit ${nameOf(d)}`} onClick={() => setEditing(d)}>
                      Edit
                    </Button>
                    <DeleteButton name={nameOf(d)} onClick={() => void remove(d)} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {editing ? (
        <ReferenceForm
          what="device"
          current={editing === 'new' ? undefined : editing}
          hint={HINT}
          save={(reference_id) =>
            editing === 'new'
              ? api.call('devices.create', { body: reference_id ? { reference_id } : {} })
              : api.call('devices.update', { params: { id: editing.id }, body: { reference_id } })
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Paper>
  );
}
