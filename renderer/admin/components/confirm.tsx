import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Snackbar, Typography } from '@mui/material';

/** What a destructive action asks before it runs: the object is always named. */
export interface ConfirmRequest {
  /** e.g. "Delete tariff “Grid fee 2026”?" */
  title: string;
  /** What will happen, in words, and whether it can be undone. */
  body: ReactNode;
  /** The button that acts, e.g. "Delete". */
  action: string;
}

/** A message after an action; `undo` puts back what the action removed where the API allows it. */
export interface Notice {
  message: string;
  undo?: () => Promise<unknown> | void;
  severity?: 'success' | 'info' | 'error';
}

interface Feedback {
  confirm(req: ConfirmRequest): Promise<boolean>;
  notify(n: Notice): void;
}

const FeedbackCtx = createContext<Feedback | null>(null);

/** Asks before destructive actions and reports (with undo) after them; one dialog and one snackbar for the app. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<ConfirmRequest | null>(null);
  const answer = useRef<(ok: boolean) => void>(() => {});
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);

  const confirm = useCallback(
    (req: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setPending(req);
      }),
    [],
  );
  const notify = useCallback((n: Notice) => {
    setUndoError(null);
    setNotice({ ...n, key: Date.now() });
  }, []);
  const value = useMemo(() => ({ confirm, notify }), [confirm, notify]);

  const close = (ok: boolean) => {
    setPending(null);
    answer.current(ok);
  };
  const undo = async () => {
    const n = notice;
    setNotice(null);
    if (!n?.undo) return;
    try {
      await n.undo();
      setNotice({ message: 'Undone', key: Date.now(), severity: 'info' });
    } catch (e) {
      setUndoError((e as Error).message ?? String(e));
    }
  };

  return (
    <FeedbackCtx.Provider value={value}>
      {children}
      <Dialog open={pending !== null} onClose={() => close(false)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{pending?.title}</DialogTitle>
        <DialogContent>
          <Typography component="div" color="text.secondary">
            {pending?.body}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} autoFocus>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => close(true)}>
            {pending?.action}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        key={notice?.key}
        open={notice !== null}
        autoHideDuration={notice?.undo ? 8000 : 4000}
        onClose={(_, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.severity ?? 'success'}
          variant="filled"
          role="status"
          action={
            notice?.undo ? (
              <Button color="inherit" size="small" onClick={() => void undo()}>
                Undo
              </Button>
            ) : undefined
          }
        >
          {notice?.message}
        </Alert>
      </Snackbar>
      <Snackbar open={undoError !== null} autoHideDuration={8000} onClose={() => setUndoError(null)}>
        <Alert severity="error" variant="filled" role="alert">
          Could not undo: {undoError}
        </Alert>
      </Snackbar>
    </FeedbackCtx.Provider>
  );
}

/** `confirm(...)` resolves true when the user pressed the action; `notify(...)` shows the outcome. */
export function useFeedback(): Feedback {
  const f = useContext(FeedbackCtx);
  if (!f) throw new Error('no feedback provider');
  return f;
}
