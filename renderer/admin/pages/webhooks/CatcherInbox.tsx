import { Accordion, AccordionDetails, AccordionSummary, Alert, Chip, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { TextBlock, headerLines } from '../../components/records';
import { isSignatureHeader } from '../../../../core/engine/webhooks/signature';
import { ruleLabel } from './CatcherRule';
import { SCHEMES, eventIdOf, eventTypeOf } from './labels';
import { instantText } from '../../instant';

/**
 * What the built-in catcher received for an endpoint, newest first: whether each verifies, and why.
 * The message carrying `openEvent` (the event a page just sent, e.g. the Overview's step 4) opens
 * when it arrives.
 */
export function CatcherInbox({ id, openEvent }: { id: string; openEvent?: string | null }) {
  const { api, liveMode } = useApp();
  const caught = useQuery({
    queryKey: ['caught', liveMode, id],
    queryFn: () => api.call('catcher.list', { query: { endpoint_id: id } }),
    refetchInterval: 1000,
  });
  const messages = caught.data?.data ?? [];
  // The message asked for is brought into view once, as it arrives: below the fold it is not seen.
  const scrolled = useRef(false);
  const bringIntoView = useCallback((el: HTMLElement | null) => {
    if (!el || scrolled.current) return;
    scrolled.current = true;
    el.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Catcher inbox">
      <Typography variant="subtitle1" component="h3">
        Catcher inbox
      </Typography>
      {messages.length === 0 ? (
        <Typography color="text.secondary">Nothing caught yet: trigger an event.</Typography>
      ) : null}
      {messages.slice(0, 10).map((m) => {
        const asked = !!openEvent && eventIdOf(m.body) === openEvent;
        return (
          <Accordion
            key={m.id}
            ref={asked ? bringIntoView : undefined}
            disableGutters
            defaultExpanded={asked}
            slotProps={{ transition: { unmountOnExit: true } }}
          >
            <AccordionSummary>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap', alignItems: 'center', minWidth: 0 }}
              >
                <Chip
                  size="small"
                  color={m.signature_valid ? 'success' : 'error'}
                  label={m.signature_valid ? 'signature verifies' : 'bad signature'}
                />
                <Chip size="small" variant="outlined" label={m.scheme ? SCHEMES[m.scheme] : 'no signature'} />
                {m.rule && m.rule.kind !== 'ok' ? (
                  <Chip size="small" variant="outlined" color="warning" label={ruleLabel(m.rule)} />
                ) : null}
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {instantText(m.received_at)} · {eventTypeOf(m.body)}
                </Typography>
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <Alert severity={m.signature_valid ? 'success' : 'error'}>{m.explanation}</Alert>
              <TextBlock
                label="Signature headers"
                text={headerLines(Object.fromEntries(Object.entries(m.headers).filter(([k]) => isSignatureHeader(k))))}
              />
              <TextBlock label="Body" text={m.body} />
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Paper>
  );
}
