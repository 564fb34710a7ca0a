import { useState } from 'react';
import { Box, Button, Collapse, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { CatcherRule } from '../../../../core/engine/webhooks/schemas';

/** The catcher answers a tester switches between in one click; anything else set through the API shows as Custom. */
const PRESETS = {
  ok: { label: '2xx', rule: { kind: 'ok' } },
  '500': { label: '500', rule: { kind: 'status', status: 500 } },
  '410': { label: '410 Gone', rule: { kind: 'status', status: 410 } },
  slow: { label: 'Slow 3 s', rule: { kind: 'slow', delay_ms: 3000 } },
  timeout: { label: 'Timeout', rule: { kind: 'timeout' } },
} satisfies Record<string, { label: string; rule: CatcherRule }>;
type Preset = keyof typeof PRESETS | 'custom';
/** In the order the control shows them (numeric keys would otherwise come first). */
const PRESET_ORDER: (keyof typeof PRESETS)[] = ['ok', '500', '410', 'slow', 'timeout'];

/** Which one-click answer a rule is, if it is one. */
function presetOf(rule: CatcherRule | null): Preset {
  return PRESET_ORDER.find((k) => JSON.stringify(PRESETS[k].rule) === JSON.stringify(rule)) ?? 'custom';
}

export function presetLabel(rule: CatcherRule | null): string {
  const p = presetOf(rule);
  return p === 'custom' ? 'custom' : PRESETS[p].label;
}

export function ruleLabel(rule: CatcherRule): string {
  if (rule.kind === 'ok') return 'answered 200';
  if (rule.kind === 'status') return `answered ${rule.status} (rule)`;
  if (rule.kind === 'slow') return `answered after ${rule.delay_ms} ms (rule)`;
  return 'held past the timeout (rule)';
}

/** What a rule does to deliveries, in words. */
function ruleInWords(rule: CatcherRule): string {
  if (rule.kind === 'ok') return 'Answers 200 at once: deliveries succeed.';
  if (rule.kind === 'slow')
    return `Waits ${rule.delay_ms} ms, then answers 200: the attempt's latency shows it; beyond the delivery timeout it fails.`;
  if (rule.kind === 'timeout')
    return 'Holds every request past the delivery timeout: attempts fail as timed out and are retried.';
  if (rule.status === 410) return 'Answers 410 Gone: the next delivery fails for good and disables the endpoint.';
  if (rule.status < 300) return `Answers ${rule.status}: deliveries succeed.`;
  return `Answers ${rule.status}${rule.body ? ' with your body' : ''}: deliveries fail and are retried on the endpoint's schedule.`;
}

/** How the built-in catcher answers this endpoint: one click per common answer, or a status and body of your own. */
export function CatcherRuleControl({
  rule,
  busy,
  onChange,
}: {
  rule: CatcherRule;
  busy: boolean;
  onChange(r: CatcherRule): void;
}) {
  const current = presetOf(rule);
  const [custom, setCustom] = useState(current === 'custom');
  const [status, setStatus] = useState(rule.kind === 'status' ? String(rule.status) : '503');
  const [body, setBody] = useState(rule.kind === 'status' ? (rule.body ?? '') : '');
  const code = Number(status);
  const valid = Number.isInteger(code) && code >= 200 && code <= 599;
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" id="catcher-answers">
          Catcher answers:
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-labelledby="catcher-answers"
          value={custom ? 'custom' : current}
          disabled={busy}
          onChange={(_ev, v: Preset | null) => {
            if (!v) return;
            setCustom(v === 'custom');
            if (v !== 'custom') onChange(PRESETS[v].rule);
          }}
        >
          {PRESET_ORDER.map((k) => (
            <ToggleButton key={k} value={k} sx={{ py: 0.25, textTransform: 'none' }}>
              {PRESETS[k].label}
            </ToggleButton>
          ))}
          <ToggleButton value="custom" sx={{ py: 0.25, textTransform: 'none' }}>
            Custom…
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Collapse in={custom}>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Status"
            value={status}
            onChange={(ev) => setStatus(ev.target.value)}
            error={!valid}
            helperText={valid ? ' ' : '200–599'}
            sx={{ width: 90 }}
          />
          <TextField
            size="small"
            label="Answer body (optional)"
            value={body}
            onChange={(ev) => setBody(ev.target.value)}
            slotProps={{ htmlInput: { maxLength: 4096, style: { fontFamily: 'ui-monospace, monospace' } } }}
            sx={{ flex: 1 }}
          />
          <Button
            size="small"
            variant="outlined"
            disabled={!valid || busy}
            onClick={() => onChange({ kind: 'status', status: code, ...(body ? { body } : {}) })}
            sx={{ mt: 0.5 }}
          >
            Apply
          </Button>
        </Stack>
      </Collapse>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {ruleInWords(rule)}
      </Typography>
    </Box>
  );
}
