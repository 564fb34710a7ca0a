import { useCallback, useEffect, useState } from 'react';
import { Alert, AppBar, Avatar, Box, Button, CircularProgress, Container, Toolbar, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { fieldOf, headerOf, isError, isRedirect, send, tokenFrom, type AnyPage, type ErrorReply } from './protocol';
import { PAGES, TITLES } from './pages/index';
import { CompletePage } from './pages/CompletePage';
import { endingOf, noteSummaryOpening, onOpeningSummary, rememberEnding } from './ending';
import type { PageProps } from './page-props';
import { isZeroComplete, redirectUrlOf, zeroEndingOf, type ZeroPage } from './zero/protocol';
import { ZERO_SCREENS, ZERO_TITLES } from './zero/index';

/** A page of either dialect: a Zero token's pages carry Zero's names (docs/connect.md, Zero dialect). */
type Shown = AnyPage | (ZeroPage & { actions: string[] });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The connect token of the page address (`svc_cot` or `fp_cot`). */
const token = () => tokenFrom(window.location.search) ?? '';

export function App() {
  const [page, setPage] = useState<Shown | null>(null);
  const [error, setError] = useState<ErrorReply | null>(null);
  const [busy, setBusy] = useState(false);
  const cot = token();

  // `left`: the page answered and its action, so that a redirect can be told apart (an ending, or a provider's login).
  const handle = useCallback(
    (reply: Awaited<ReturnType<typeof send>>, left?: { page: Shown; action: string | undefined; done: boolean }) => {
      if (isError(reply)) {
        setError(reply);
        return;
      }
      setError(null);
      if (isZeroComplete(reply)) {
        rememberEnding(cot, left ? zeroEndingOf(left.page.route, left.action) : null);
        window.location.assign(reply.data.callback_uri);
        return;
      }
      if (isRedirect(reply)) {
        // Anode pages carry `type`; Zero's do not (some share Anode's names).
        const ending = !left
          ? null
          : 'type' in left.page
            ? endingOf(left.page, left.action, left.done, onOpeningSummary(cot))
            : zeroEndingOf(left.page.route, left.action);
        rememberEnding(cot, ending);
        window.location.assign(redirectUrlOf(reply.data));
        return;
      }
      // The session's first page (a start, not a page answered) may be the summary of a tariff it opened on.
      noteSummaryOpening(cot, reply.route, !left);
      // A Zero page without buttons lists none.
      setPage({ ...reply, actions: reply.actions ?? [] } as Shown);
    },
    [cot],
  );

  useEffect(() => {
    if (!cot || window.location.pathname.endsWith('/complete')) return;
    setBusy(true);
    void send({ route: 'session_start', connect_token: cot, type: 'submit' })
      .then(handle)
      .finally(() => setBusy(false));
  }, [cot, handle]);

  const submit = useCallback(
    (data?: unknown, action?: string) => {
      if (!page) return;
      // The header's Close on a summary leaves without confirming the tariff; Done (the page's own button) confirms.
      const done = !(action === 'CLOSE' && isObject(data) && data.confirm === false);
      setBusy(true);
      void send({
        route: page.route,
        connect_token: cot,
        type: 'submit',
        ...(action ? { action } : {}),
        ...(data !== undefined ? { data } : {}),
      })
        .then((reply) => handle(reply, { page, action, done }))
        .finally(() => setBusy(false));
    },
    [page, cot, handle],
  );

  if (window.location.pathname.endsWith('/complete')) return <CompletePage />;
  if (!cot)
    return (
      <Frame>
        <Alert severity="error">This link has no connect token (svc_cot).</Alert>
      </Frame>
    );

  if (!page) {
    return (
      <Frame>
        {error ? (
          <Alert severity="error" role="alert">
            {error.message}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        )}
      </Frame>
    );
  }

  // The table gives each route its own screen (Zero's own pages theirs); the page in hand is one of them.
  const Screen = ((ZERO_SCREENS as Record<string, unknown>)[page.route] ??
    (PAGES as Record<string, unknown>)[page.route]) as ComponentType<PageProps> | undefined;
  const title = (ZERO_TITLES as Record<string, string>)[page.route] ?? (TITLES as Record<string, string>)[page.route];
  const provider = headerOf(page as AnyPage);
  const can = (a: string) => (page.actions as readonly string[]).includes(a);
  const fieldError = (field: string) =>
    error && fieldOf(page.route, error.code) === field ? error.message : undefined;
  const formError = error && fieldOf(page.route, error.code) === 'form' ? error : null;
  const shown = page as AnyPage;

  return (
    <Box data-route={page.route} sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          {can('BACK') ? (
            <Button onClick={() => submit(undefined, 'BACK')} disabled={busy} aria-label="Back">
              ‹ Back
            </Button>
          ) : (
            <Box sx={{ width: 64 }} />
          )}
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, minWidth: 0 }}>
            {provider?.logo_url ? (
              <Avatar src={provider.logo_url} alt="" sx={{ width: 28, height: 28 }} variant="rounded" />
            ) : null}
            <Typography variant="subtitle1" noWrap component="span">
              {provider?.display_name ?? 'Connect your tariff'}
            </Typography>
          </Box>
          {can('CLOSE') ? (
            <Button
              onClick={() => submit(page.route === 'tariff_summary' ? { confirm: false } : undefined, 'CLOSE')}
              disabled={busy}
              aria-label="Close"
            >
              Close
            </Button>
          ) : (
            <Box sx={{ width: 64 }} />
          )}
        </Toolbar>
      </AppBar>
      <Container maxWidth="sm" sx={{ py: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {formError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError.message}
          </Alert>
        ) : null}
        {Screen ? (
          <Screen page={shown} submit={submit} busy={busy} error={error} errorFor={fieldError} />
        ) : (
          <Alert severity="warning">Unknown page {page.route}.</Alert>
        )}
      </Container>
    </Box>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      {children}
    </Container>
  );
}
