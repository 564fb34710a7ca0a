import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Popover,
  Radio,
  RadioGroup,
  Snackbar,
  Stack,
  SvgIcon,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../context';
import { serviceNowMs, useServiceClock, type ServiceClock } from '../service-time';
import { ValueField } from '../../shared/value-field';
import { offsetInWords } from '../../../core/engine/clock-words';
import { SIGNATURES_IN_REAL_TIME, SIGNED_IN_REAL_TIME } from '../../../core/engine/webhooks/clock-words';

type ClockState = ServiceClock;

const HOUR = 3600;
const DAY = 86400;

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const whenFormat = new Intl.DateTimeFormat(undefined, WHEN);
/** The same with its time zone, where there is room (the popover): "Mon 23 Nov 2026, 04:12 UTC". */
const whenWithZone = new Intl.DateTimeFormat(undefined, { ...WHEN, timeZoneName: 'short' });

/** A `datetime-local` value (the browser's wall clock) for an instant. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The clock's icon: the top bar's control and the clock's rows on Traffic. */
export const ClockIcon = () => (
  <SvgIcon fontSize="small">
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20m0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16m.5-13H11v6l5.2 3.2.8-1.3-4.5-2.7z" />
  </SvgIcon>
);

/**
 * The service clock in the top bar. Moved away from real time it is always shown: its mode, the
 * virtual now in words, and buttons to move it; at real time it is one button that opens them.
 * Moving the clock fires what falls due on the way (docs/clock.md), so every page refreshes.
 */
export function ClockControl() {
  const { api } = useApp();
  const qc = useQueryClient();
  const c = useServiceClock();
  // Below the large breakpoint the buttons fold into the popover, so the bar stays one line tall.
  const compact = useMediaQuery((t: Theme) => t.breakpoints.down('lg'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [setting, setSetting] = useState(false);
  const [, tick] = useState(0);
  // A shifted clock runs: its now is real time plus the offset, redrawn as real time passes.
  useEffect(() => {
    if (c?.mode !== 'offset') return;
    const t = setInterval(() => tick((n) => n + 1), 5000);
    return () => clearInterval(t);
  }, [c?.mode]);

  const done = (next: ClockState) => {
    qc.setQueryData(['clock'], next);
    setAnchor(null);
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'clock' });
  };
  const advance = useMutation({
    mutationFn: (seconds: number) => api.call('clock.advance', { body: { seconds } }),
    onSuccess: done,
  });
  const set = useMutation({
    mutationFn: (body: { mode: ClockState['mode']; now?: string }) => api.call('clock.set', { body }),
    onSuccess: done,
  });
  if (!c) return null;
  const clearError = () => {
    advance.reset();
    set.reset();
  };

  const now = serviceNowMs(c);
  const busy = advance.isPending || set.isPending;
  const error = advance.error ?? set.error;
  const btn = {
    size: 'small' as const,
    color: 'inherit' as const,
    disabled: busy,
    sx: { minWidth: 0, px: 1, textTransform: 'none', fontWeight: 600 },
  };
  const buttons = (
    <>
      <Button {...btn} onClick={() => advance.mutate(HOUR)} aria-label="+1 h: move the clock an hour forward">
        +1 h
      </Button>
      <Button {...btn} onClick={() => advance.mutate(DAY)} aria-label="+1 day: move the clock a day forward">
        +1 day
      </Button>
      <Button {...btn} onClick={() => advance.mutate(7 * DAY)} aria-label="+7 days: move the clock a week forward">
        +7 days
      </Button>
      <Divider orientation="vertical" flexItem sx={{ borderColor: 'currentColor', opacity: 0.35, my: 0.5 }} />
      {c.mode === 'frozen' ? (
        <Button {...btn} onClick={() => set.mutate({ mode: 'offset', now: c.now })}>
          Unfreeze
        </Button>
      ) : (
        <Button {...btn} onClick={() => set.mutate({ mode: 'frozen', now: new Date(now).toISOString() })}>
          Freeze
        </Button>
      )}
      {c.mode !== 'real' ? (
        <Button {...btn} onClick={() => set.mutate({ mode: 'real' })}>
          Real time
        </Button>
      ) : null}
      <Button {...btn} onClick={() => setSetting(true)}>
        Set…
      </Button>
    </>
  );
  const words =
    c.mode === 'real'
      ? 'The service runs on real time.'
      : `${c.mode === 'frozen' ? 'Frozen' : 'Running'}, ${offsetInWords(Math.round((now - Date.now()) / 1000))}`;

  return (
    <>
      {c.mode === 'real' ? (
        <Button
          color="inherit"
          size="small"
          startIcon={<ClockIcon />}
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label="Service clock: real time"
          sx={{ textTransform: 'none' }}
        >
          Real time
        </Button>
      ) : (
        <Box
          role="group"
          aria-label="Service clock"
          data-clock-mode={c.mode}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            pl: 1,
            pr: 0.5,
            py: 0.25,
            borderRadius: 1,
            bgcolor: c.mode === 'frozen' ? 'rgba(120, 180, 255, 0.28)' : 'rgba(255, 200, 80, 0.28)',
            border: '1px solid rgba(255,255,255,0.45)',
          }}
        >
          <ClockIcon />
          <Chip
            size="small"
            label={c.mode === 'frozen' ? 'FROZEN' : 'SHIFTED'}
            sx={{ bgcolor: 'rgba(255,255,255,0.9)', color: '#1d2b3a', fontWeight: 700, height: 20 }}
          />
          <Box sx={{ lineHeight: 1.1, mr: 0.5 }}>
            <Typography variant="body2" component="div" sx={{ fontWeight: 600 }} data-testid="clock-now">
              {whenFormat.format(now)}
            </Typography>
            {/* Smaller where room is short: the webhooks note fits beside the words without pushing the title out. */}
            <Typography
              variant="caption"
              component="div"
              sx={{ opacity: 0.9, letterSpacing: 0, ...(compact ? { fontSize: 11 } : {}) }}
            >
              <span data-testid="clock-words">{words}</span>
              {/* Testers suspect their signature code first when the clock moves: say it is not the cause. */}
              <span data-testid="clock-webhooks">; {SIGNED_IN_REAL_TIME}</span>
            </Typography>
          </Box>
          {compact ? (
            <Button
              {...btn}
              disabled={false}
              onClick={(e) => setAnchor(e.currentTarget)}
              aria-label="Move the service clock"
              aria-haspopup="dialog"
            >
              Move…
            </Button>
          ) : (
            buttons
          )}
        </Box>
      )}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, maxWidth: 380 }} role="group" aria-label="Service clock">
          <Typography variant="subtitle2" data-testid="clock-popover-now">
            {whenWithZone.format(now)}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ fontFamily: 'ui-monospace, Menlo, monospace' }}
          >
            {new Date(now).toISOString().slice(0, 19)}Z
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {words}
            {c.mode === 'real' ? '' : '.'} Move it to see contracts end, retries go out and tokens expire; moving it
            forward fires what falls due on the way.
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="clock-popover-bearers">
            A move past a bearer token&apos;s lifetime (an hour unless set otherwise) expires it: a backend holding one
            must log in again (this app and the command line do so by themselves).
          </Typography>
          {c.mode !== 'real' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="clock-popover-webhooks">
              {SIGNATURES_IN_REAL_TIME}
            </Typography>
          ) : null}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {buttons}
          </Stack>
        </Box>
      </Popover>
      <SetClockDialog
        open={setting}
        now={now}
        onClose={() => setSetting(false)}
        onSet={(body) => {
          setSetting(false);
          set.mutate(body);
        }}
      />
      <Snackbar open={!!error} autoHideDuration={6000} onClose={clearError}>
        <Alert severity="error" variant="filled" onClose={clearError}>
          {(error as Error | null)?.message}
        </Alert>
      </Snackbar>
    </>
  );
}

function SetClockDialog(props: {
  open: boolean;
  now: number;
  onClose(): void;
  onSet(body: { mode: 'offset' | 'frozen'; now: string }): void;
}) {
  const [value, setValue] = useState('');
  const [mode, setMode] = useState<'offset' | 'frozen'>('frozen');
  useEffect(() => {
    // Filled from the clock each time it opens.
    if (props.open) setValue(localInput(props.now));
  }, [props.open]);
  const at = Date.parse(value);
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Set the service clock</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <ValueField
            type="datetime-local"
            label="Date and time (your time zone)"
            value={value}
            onValue={setValue}
            shrink
          />
          <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as 'offset' | 'frozen')}>
            <FormControlLabel value="frozen" control={<Radio />} label="Stand still there (frozen)" />
            <FormControlLabel value="offset" control={<Radio />} label="Run on from there (shifted)" />
          </RadioGroup>
          <Typography variant="body2" color="text.secondary">
            Going forward fires what falls due on the way, in order; going back fires nothing again.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={Number.isNaN(at)}
          onClick={() => props.onSet({ mode, now: new Date(at).toISOString() })}
        >
          Set clock
        </Button>
      </DialogActions>
    </Dialog>
  );
}
