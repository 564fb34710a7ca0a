import { useState } from 'react';
import { Alert, Box, Button, Chip, Collapse, Stack, Typography } from '@mui/material';
import { TextBlock, headerLines } from '../../components/records';
import { SCHEMES, type DeliveryOut } from './labels';
import { instantText } from '../../instant';

type AttemptOut = DeliveryOut['attempt_log'][number];

/** A body on one line: JSON without its indentation, anything else with its line breaks as spaces. */
function oneLine(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body));
  } catch {
    return body.replace(/\s+/g, ' ');
  }
}

/**
 * One attempt of a delivery: when, what came back and how it was signed, then its payload on one
 * line; opened, the request headers, the payload and the response in full, each copyable.
 */
export function AttemptRow({ a }: { a: AttemptOut }) {
  const [open, setOpen] = useState(false);
  const name = `attempt ${a.attempt}`;
  return (
    <Box data-attempt={a.attempt} sx={{ mt: 1, pl: 1, borderLeft: 2, borderColor: 'divider' }}>
      {/* A div: the scheme chip is one, and a paragraph may not hold it. */}
      <Typography variant="body2" component="div">
        <strong>Attempt {a.attempt}</strong> · {instantText(a.time)} → {a.status ?? a.error} ({a.latency_ms} ms){' '}
        <Chip size="small" variant="outlined" label={SCHEMES[a.scheme]} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {a.explanation}
      </Typography>
      {a.clock_note ? (
        <Alert severity="warning" variant="outlined" data-testid="attempt-clock-note" sx={{ mt: 0.5, py: 0 }}>
          {a.clock_note}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, minWidth: 0 }}>
        <Box
          component="code"
          aria-label={`Payload of ${name}, on one line`}
          onClick={() => setOpen(!open)}
          sx={{
            flex: 1,
            minWidth: 0,
            fontFamily: 'ui-monospace, Menlo, monospace',
            fontSize: 12,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            cursor: 'pointer',
          }}
        >
          {oneLine(a.request.body) || '(empty)'}
        </Box>
        <Button
          size="small"
          aria-expanded={open}
          aria-label={`${open ? 'Close' : 'Open'} ${name}`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Close' : 'Open'}
        </Button>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <TextBlock label="Request headers" text={`POST ${a.request.url}\n${headerLines(a.request.headers)}`} />
        <TextBlock label="Payload" text={a.request.body} />
        <TextBlock label="Response body" text={a.response_body} />
      </Collapse>
    </Box>
  );
}
