import { Alert, Box, Typography } from '@mui/material';

export interface Message {
  text: string;
  severity: 'info' | 'warning';
  /** The band a message is about ("has the default rate"): it goes once that band's rate is set. */
  band?: { entry: number; item: number; band: number };
  /** The month group a "pick its months" message is about: it goes once the group has months. */
  months?: number;
}

/**
 * The editor's one message line, or the drawing hint when there is none. A fixed-height line, so
 * a message never moves the tracks under the pointer; a long one is cut, its whole text in the tooltip.
 */
export function MessageLine({ message, onClose }: { message: Message | null; onClose(): void }) {
  return (
    <Box sx={{ height: 40, overflow: 'hidden', mb: 0.5, display: 'flex', alignItems: 'center' }}>
      {message ? (
        <Alert
          severity={message.severity}
          role="status"
          aria-label="Editor message"
          onClose={onClose}
          title={message.text}
          sx={{
            py: 0,
            flex: 1,
            minWidth: 0,
            '& .MuiAlert-message': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
          }}
        >
          {message.text}
        </Alert>
      ) : (
        <Typography variant="caption" color="text.secondary">
          Drag on a track to draw a band (inside a band, to split it), drag its edges to resize; on a band ←/→ move its
          end, Shift+←/→ its start, Delete removes it; Ctrl+Z undoes.
        </Typography>
      )}
    </Box>
  );
}
