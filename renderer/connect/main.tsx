import { createRoot } from 'react-dom/client';
import { motionOptions } from '../shared/motion';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { App } from './App';

const theme = createTheme({
  palette: { primary: { main: '#2f5d8a' }, secondary: { main: '#3c8d6b' }, background: { default: '#f4f6f8' } },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  ...motionOptions(),
});

createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <App />
  </ThemeProvider>,
);
