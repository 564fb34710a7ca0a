import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { isEndedMessage, type EndedMessage } from '../../../shared/connect-ending';

/**
 * The connect web app as a mobile app's sheet: a webview in the desktop window, an iframe in a
 * browser. `onEnded` fires when the session has left for the callback page (the sheet's last
 * word, posted by that page; in the desktop window, the webview's navigation to it).
 */
export function Sheet({
  url,
  callbackPath,
  onEnded,
}: {
  url: string;
  /** The callback page's path on the connect web app ("/complete"). */
  callbackPath: string;
  onEnded(ending: EndedMessage['ending']): void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const view = useRef<HTMLElement>(null);
  const origin = new URL(url).origin;
  const desktop = !!window.tariffDesk;
  useEffect(() => {
    const fromFrame = (e: MessageEvent) => {
      if (e.origin !== origin || e.source !== frame.current?.contentWindow || !isEndedMessage(e.data)) return;
      onEnded(e.data.ending);
    };
    window.addEventListener('message', fromFrame);
    // A webview is no frame of this page: its navigation to the callback page is the sign.
    const v = view.current;
    const navigated = (e: Event) => {
      const to = (e as Event & { url?: string }).url;
      if (to && new URL(to).origin === origin && new URL(to).pathname === callbackPath) onEnded(null);
    };
    v?.addEventListener('did-navigate', navigated);
    return () => {
      window.removeEventListener('message', fromFrame);
      v?.removeEventListener('did-navigate', navigated);
    };
  }, [origin, callbackPath, onEnded]);
  return (
    <Box
      sx={{
        width: 420,
        maxWidth: '100%',
        // The frame fits the window (below the header), like a phone's sheet; never shorter than a page.
        height: 'calc(100vh - 190px)',
        minHeight: 460,
        maxHeight: 760,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        mx: 'auto',
        bgcolor: '#fff',
      }}
    >
      {desktop ? (
        // In the desktop window the main process allows this webview only for the connect web app's origin.
        <webview ref={view} src={url} style={{ width: '100%', height: '100%' }} />
      ) : (
        <iframe ref={frame} title="Connect session" src={url} style={{ width: '100%', height: '100%', border: 0 }} />
      )}
    </Box>
  );
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      webview: React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { src?: string };
    }
  }
}
