import { Button, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyButton, ErrorAlert, Mono } from '../../components/common';
import { useApp } from '../../context';
import { instantText } from '../../instant';

/** The install's current PS256 key (the published profile signs with it), any previous one, and Rotate key. */
export function SigningKey() {
  const { api } = useApp();
  const qc = useQueryClient();
  const keys = useQuery({
    queryKey: ['webhook-signing-keys'],
    queryFn: () => api.call('webhook_signing_keys.list'),
    refetchInterval: 10_000,
  });
  const rotateKey = useMutation({
    mutationFn: () => api.call('webhook_signing_keys.rotate'),
    onSuccess: () => void qc.invalidateQueries(),
  });
  if (!keys.data) return null;
  return (
    <>
      <Typography variant="body2" aria-label="PS256 signing key">
        PS256 key (published profile) <Mono>{keys.data.current_kid}</Mono>{' '}
        <CopyButton value={keys.data.current_kid} label="key id" />{' '}
        <Button size="small" onClick={() => rotateKey.mutate()}>
          Rotate key
        </Button>
        {keys.data.keys
          .filter((k) => k.status === 'previous')
          .map((k) => (
            <Typography key={k.kid} variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
              Previous key <Mono>{k.kid}</Mono> stays in /jwks.json until{' '}
              {k.expires_at ? instantText(k.expires_at) : 'it is retired'}
            </Typography>
          ))}
      </Typography>
      <ErrorAlert error={rotateKey.error} />
    </>
  );
}
