import { createRoot } from 'react-dom/client';
import { motionOptions } from '../shared/motion';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { FeedbackProvider } from './components/confirm';

const theme = createTheme({
  // Every main colour keeps a 4.5:1 contrast with white text, and as text on white.
  palette: {
    primary: { main: '#2f5d8a' },
    secondary: { main: '#2e7556' },
    warning: { main: '#b45309' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  ...motionOptions(),
});
const queries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <QueryClientProvider client={queries}>
      <FeedbackProvider>
        <App />
      </FeedbackProvider>
    </QueryClientProvider>
  </ThemeProvider>,
);
