import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  Typography,
} from '@mui/material';
import { ScheduleEditor } from '../../components/ScheduleEditor';
import { clone, defaultSchedule, scheduleProblems } from '../../components/schedule-model';
import { ValueField } from '../../../shared/value-field';
import { ChargesEditor } from '../../components/charges/ChargesEditor';
import { chargeProblems, tidyCharges } from '../../components/charges/words';
import type { Charges } from '../../../../core/engine/schemas/charges';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import type { CompareOption } from './model';
import { amountOf, FIXED_WORDS, fixedOf, withFixed, type FixedPer } from './fixed-charges';

/** What the dialog hands back: the name as typed, the schedule and the charges. */
export interface CandidateEdit {
  name: string;
  schedule: Schedule;
  charges: Charges | undefined;
}

const PERS: FixedPer[] = ['DAY', 'MONTH'];

/**
 * One candidate's name, schedule and charges, in a dialog whose title follows the name as it is
 * typed; nothing is saved to the service. The fixed charges are two quick fields (per day, per
 * month); the minimum and demand charges are the tariff editor's own. `nameProblem` says why a
 * name cannot be used (empty, or another column's).
 */
export function EditCandidate({
  option,
  zone,
  currency,
  nameProblem,
  onClose,
  onSave,
}: {
  option: CompareOption;
  zone: string;
  currency: string;
  nameProblem(name: string): string | null;
  onClose(): void;
  onSave(e: CandidateEdit): void;
}) {
  const [name, setName] = useState(option.name);
  const [schedule, setSchedule] = useState<Schedule>(() => clone(option.candidate.schedule ?? defaultSchedule()));
  const [fixed, setFixed] = useState<Record<FixedPer, string>>(() => ({
    DAY: String(fixedOf(option.candidate.charges, 'DAY') ?? ''),
    MONTH: String(fixedOf(option.candidate.charges, 'MONTH') ?? ''),
  }));
  // The charges beside the two quick fields, which set the first fixed charge of each period on save.
  const [charges, setCharges] = useState<Charges | undefined>(option.candidate.charges);
  const market = !!option.candidate.market_rates;
  // An export tariff holds no charges (no bill counts them there): its dialog offers none.
  const exporting = option.candidate.direction === 'EXPORT';
  const problem = nameProblem(name);
  const amounts = { DAY: amountOf(fixed.DAY), MONTH: amountOf(fixed.MONTH) };
  const badAmount = PERS.some((p) => Number.isNaN(amounts[p]));
  const valid =
    !problem && !badAmount && scheduleProblems(schedule, market).length === 0 && chargeProblems(charges).length === 0;
  const title = name.trim() || 'New candidate';
  const save = () => {
    const before = option.candidate.charges;
    // Untouched charges go back as they came, so the candidate is not named as edited for a reordering.
    const untouched = charges === before && PERS.every((p) => amounts[p] === fixedOf(before, p));
    onSave({
      name: name.trim(),
      schedule,
      charges: exporting
        ? undefined
        : untouched
          ? before
          : PERS.reduce((c, p) => withFixed(c, p, amounts[p]), tidyCharges(charges)),
    });
  };
  const fixedPart = (
    <Stack spacing={1} role="group" aria-label="Fixed charges">
      <Typography variant="subtitle2" component="h4">
        Fixed charges
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {PERS.map((p) => (
          <ValueField
            key={p}
            size="small"
            label={FIXED_WORDS[p].label}
            // Above the field always: the currency at its end would cut a label resting inside.
            shrink
            value={fixed[p]}
            onValue={(v) => setFixed((f) => ({ ...f, [p]: v }))}
            error={Number.isNaN(amounts[p])}
            helperText={Number.isNaN(amounts[p]) ? 'A number from 0' : ' '}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: currency ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } : {},
            }}
            sx={{ flex: '1 1 180px' }}
          />
        ))}
      </Stack>
    </Stack>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="edit-candidate-title">
      {/* Titled by the tariff: the dialog edits all of it, its schedule and its charges. */}
      <DialogTitle id="edit-candidate-title" sx={{ overflowWrap: 'anywhere', pb: 0 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {exporting
            ? 'A candidate export tariff: what each kWh sent to the grid earns.'
            : 'A candidate tariff: its energy schedule and what a bill adds to it.'}
        </Typography>
        {/* The name and the standing charges first: in view without scrolling at both window sizes. */}
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', pt: 1, mb: 2 }} role="group" aria-label="Candidate">
          <ValueField
            size="small"
            label="Name"
            value={name}
            onValue={setName}
            error={!!problem}
            helperText={problem ?? ' '}
            sx={{ flex: '2 1 280px' }}
          />
          {exporting ? null : <Box sx={{ flex: '3 1 400px' }}>{fixedPart}</Box>}
        </Stack>
        <Stack spacing={2}>
          <ScheduleEditor schedule={schedule} market={market} zone={zone} currency={currency} onChange={setSchedule} />
          {exporting ? null : (
            <ChargesEditor charges={charges} onChange={setCharges} currency={currency} fixedPart={false} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid} onClick={save}>
          Use this schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
