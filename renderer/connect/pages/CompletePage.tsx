import { Alert, Container } from '@mui/material';

export function CompletePage() {
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Alert severity="success" role="status">
        All done. You can close this window.
      </Alert>
    </Container>
  );
}
