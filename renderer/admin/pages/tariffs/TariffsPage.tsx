import { useState } from 'react';
import { Box, Button, Grid, Typography } from '@mui/material';
import { useApp } from '../../context';
import { ErrorAlert, Loading, PageHeader } from '../../components/common';
import { LocationSelect, NoLocations, useLocationTariffs } from '../../components/forms';
import { NoTariff, usePageLocation } from '../../components/page-location';
import { PickList } from '../../components/panels';
import { slotWords } from '../../../../core/engine/labels';
import { tariffName } from '../../restore';
import { ImportDialog } from '../tariff-import/ImportDialog';
import { DraftEditor } from '../tariff-import/DraftEditor';
import type { ImportedDraft } from '../tariff-import/draft';
import { CreateTariff } from './CreateTariff';
import { TariffEditor } from './TariffEditor';

export function TariffsPage() {
  const { route, navigate } = useApp();
  const { locations, id: locationId, anyTariff } = usePageLocation();
  const tariffs = useLocationTariffs(locationId);
  const selected = route.params.get('id') ?? tariffs.data?.data[0]?.id;
  // `new=1` (the "Create a tariff" step of another page) opens the new-tariff dialog at once.
  const [creating, setCreating] = useState(route.params.get('new') === '1');
  const [importing, setImporting] = useState(false);
  // An imported rate under review (not stored): it takes the editor's place until saved or discarded.
  const [imported, setImported] = useState<ImportedDraft | null>(null);
  const draft = imported?.tariff.location_id === locationId ? imported : null;
  // Each import opens a fresh editor, even of the same file.
  const [opened, setOpened] = useState(0);
  return (
    <>
      <PageHeader
        title="Tariffs"
        subtitle="Edit schedules visually; the preview is the service's answer for the edited schedule"
        actions={
          locationId ? (
            // One line beside a subtitle that wraps at 800 px, never a button broken in two.
            <>
              <Button
                variant="outlined"
                onClick={() => setImporting(true)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                Import a URDB rate
              </Button>
              <Button
                variant="contained"
                onClick={() => setCreating(true)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                New tariff
              </Button>
            </>
          ) : null
        }
      />
      <ErrorAlert error={locations.error ?? tariffs.error} />
      <Loading show={locations.isLoading || tariffs.isLoading} />
      <NoLocations hint="Tariffs belong to a location: create one first." />
      {locationId ? (
        // Side by side from the large breakpoint; below it the list sits above the tariff, full width.
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 3 }}>
            <LocationSelect value={locationId} onChange={(id) => navigate(`tariffs?location=${id}`)} fullWidth />
            <Box sx={{ mt: 2 }}>
              <PickList
                label="Tariffs"
                items={tariffs.data?.data ?? []}
                selected={draft ? undefined : selected}
                onPick={(t) => {
                  setImported(null);
                  navigate(`tariffs?location=${locationId}&id=${t.id}`);
                }}
                primary={(t) => tariffName(t)}
                secondary={(t) => `${slotWords(t.type, t.direction).label}${t.market_rates ? ' · market price' : ''}`}
                after={
                  tariffs.data?.data.length === 0 ? (
                    <Typography sx={{ p: 2 }} color="text.secondary">
                      No tariffs: create one, or connect one.
                    </Typography>
                  ) : null
                }
              />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, lg: 9 }}>
            {draft ? (
              <DraftEditor
                key={opened}
                draft={draft}
                onSaved={(id) => {
                  setImported(null);
                  navigate(`tariffs?location=${locationId}&id=${id}`);
                }}
                onDiscard={() => setImported(null)}
              />
            ) : selected ? (
              <TariffEditor key={selected} id={selected} locationId={locationId} />
            ) : null}
            {tariffs.data?.data.length === 0 && !draft ? (
              <NoTariff locationId={locationId} anyTariff={anyTariff} onCreate={() => setCreating(true)} />
            ) : null}
          </Grid>
        </Grid>
      ) : null}
      {/* Mounted only while open, so every opening starts from fresh defaults. */}
      {locationId && creating ? <CreateTariff locationId={locationId} onClose={() => setCreating(false)} /> : null}
      {locationId && importing ? (
        <ImportDialog
          locationId={locationId}
          onClose={() => setImporting(false)}
          onDraft={(d) => {
            setImported(d);
            setOpened((n) => n + 1);
            setImporting(false);
          }}
        />
      ) : null}
    </>
  );
}
