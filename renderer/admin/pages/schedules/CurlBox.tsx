import { Box, Paper, Stack, Typography } from '@mui/material';
import { CopyButton } from '../../components/common';

/** The request behind the answer, as a command a tester can run against this service. */
export function CurlBox({ curl }: { curl: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="The request as curl">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h2">
          The request
        </Typography>
        <CopyButton value={curl} label="curl command" />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        $TOKEN is a bearer from GET /login (Overview shows how).
      </Typography>
      <Box
        component="pre"
        data-testid="schedule-curl"
        // Scrolls on its own: keyboard users reach it with Tab and scroll it with the arrows.
        tabIndex={0}
        aria-label="curl command"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'ui-monospace, Menlo, monospace',
          fontSize: 12,
          overflowX: 'auto',
          maxHeight: 260,
        }}
      >
        {curl}
      </Box>
    </Paper>
  );
}
