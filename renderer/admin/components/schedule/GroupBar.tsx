import { Box, Button, Stack, Tab, Tabs } from '@mui/material';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import { groupLabel } from './edits';

/**
 * The month groups as tabs named by their months ("Jun–Oct", "Jan–May, Nov–Dec"), wrapping onto
 * a second line rather than scrolling out of sight; then undo/redo and the group actions.
 */
export function GroupBar({
  schedule,
  value,
  bad,
  onSelect,
  undoLabel,
  redoLabel,
  onUndo,
  onRedo,
  onAdd,
  onDuplicate,
  onDelete,
}: {
  schedule: Schedule;
  value: number;
  /** Groups with a validation problem: their tab in red, said to screen readers too. */
  bad: Set<number>;
  onSelect(i: number): void;
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  onUndo(): void;
  onRedo(): void;
  onAdd(): void;
  onDuplicate(): void;
  /** Absent while the schedule has one group: a schedule keeps at least one. */
  onDelete?: (() => void) | undefined;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Tabs
        value={value}
        onChange={(_ev, v: number) => onSelect(v)}
        aria-label="Month groups"
        sx={{
          flex: '1 1 320px',
          minWidth: 0,
          // Every tab in sight: they wrap, so the line under the selected one is the tab's own border.
          '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
          '& .MuiTabs-indicator': { display: 'none' },
        }}
      >
        {schedule.map((en, i) => (
          <Tab
            key={i}
            aria-label={`${groupLabel(en)}${bad.has(i) ? ', has a problem' : ''}`}
            title={bad.has(i) ? 'This month group has a problem: see Validation' : undefined}
            label={
              <span>
                {bad.has(i) ? (
                  <Box component="span" aria-hidden sx={{ color: 'error.main', mr: 0.75 }}>
                    ●
                  </Box>
                ) : null}
                {groupLabel(en)}
              </span>
            }
            sx={{
              textTransform: 'none',
              minWidth: 0,
              px: 1.5,
              borderBottom: '2px solid transparent',
              '&.Mui-selected': { borderBottomColor: 'primary.main', fontWeight: 600 },
              ...(bad.has(i)
                ? { color: 'error.main', '&.Mui-selected': { color: 'error.main', borderBottomColor: 'error.main' } }
                : {}),
            }}
          />
        ))}
      </Tabs>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button size="small" disabled={!undoLabel} onClick={onUndo} title={undoLabel && `Undo ${undoLabel} (Ctrl+Z)`}>
          ↶ Undo
        </Button>
        <Button
          size="small"
          disabled={!redoLabel}
          onClick={onRedo}
          title={redoLabel && `Redo ${redoLabel} (Ctrl+Shift+Z)`}
        >
          ↷ Redo
        </Button>
        <Button size="small" onClick={onAdd}>
          Add month group
        </Button>
        <Button
          size="small"
          onClick={onDuplicate}
          title="A copy of this group's rows, bands and tiers, for other months"
        >
          Duplicate month group
        </Button>
        {onDelete ? (
          <Button size="small" color="error" onClick={onDelete}>
            Delete month group
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
