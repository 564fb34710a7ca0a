import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  AppBar,
  Box,
  Chip,
  CircularProgress,
  Drawer,
  FormControlLabel,
  List,
  ListItemButton,
  ListItemText,
  Switch,
  Tooltip,
  Toolbar,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { apiClientFor } from './api';
import { loadBootstrap, type Bootstrap } from './bootstrap';
import { Ctx, type AppContext } from './context';
import { OverviewPage } from './pages/OverviewPage';
import { LocationsPage } from './pages/LocationsPage';
import { CustomersPage } from './pages/customers/CustomersPage';
import { UsagePage } from './pages/usage/UsagePage';
import { TariffsPage } from './pages/tariffs/TariffsPage';
import { PricesPage } from './pages/PricesPage';
import { ComparePage } from './pages/compare/ComparePage';
import { SchedulesPage } from './pages/schedules/SchedulesPage';
import { ConnectPage } from './pages/connect/ConnectPage';
import { WebhooksPage } from './pages/webhooks/WebhooksPage';
import { LibraryPage } from './pages/LibraryPage';
import { SettingsPage } from './pages/SettingsPage';
import { TrafficPage } from './pages/TrafficPage';
import { ClockControl } from './components/ClockControl';
import { setApiNames, useApiNames } from './api-names';

const PAGES = [
  ['overview', 'Overview', OverviewPage],
  ['locations', 'Locations', LocationsPage],
  ['customers', 'Customers', CustomersPage],
  ['tariffs', 'Tariffs', TariffsPage],
  ['prices', 'Prices', PricesPage],
  ['usage', 'Usage and cost', UsagePage],
  ['compare', 'Compare', ComparePage],
  ['schedules', 'Schedules', SchedulesPage],
  ['connect', 'Connect', ConnectPage],
  ['webhooks', 'Webhooks', WebhooksPage],
  ['traffic', 'Traffic', TrafficPage],
  ['library', 'Library', LibraryPage],
  ['settings', 'Settings', SettingsPage],
] as const;

function parseHash(): AppContext['route'] {
  const [page, query] = window.location.hash.replace(/^#\/?/, '').split('?');
  return { page: page || 'overview', params: new URLSearchParams(query ?? '') };
}

const DRAWER = 208;

export function App() {
  const [boot, setBoot] = useState<Bootstrap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [liveMode, setLiveMode] = useState(false);
  const [route, setRoute] = useState(parseHash());
  const qc = useQueryClient();
  const apiNames = useApiNames();

  useEffect(() => {
    loadBootstrap().then(setBoot, (e: Error) => setError(e.message));
    const onHash = () => setRoute(parseHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const api = useMemo(() => (boot ? apiClientFor(boot, liveMode) : null), [boot, liveMode]);
  if (error)
    return (
      <Alert severity="error" sx={{ m: 4 }}>
        The service could not be reached: {error}
      </Alert>
    );
  if (!boot || !api)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 10 }}>
        <CircularProgress aria-label="Starting" />
      </Box>
    );

  const ctx: AppContext = {
    api,
    boot,
    liveMode,
    setLiveMode: (v) => {
      setLiveMode(v);
      qc.clear();
      // The route's ids (an endpoint, a location) belong to the other mode's data: the page opens
      // afresh, in the same render as the mode, so no request asks the new mode for an old id.
      if (route.params.size) {
        const fresh = { page: route.page, params: new URLSearchParams() };
        setRoute(fresh);
        window.history.replaceState(null, '', '#/' + fresh.page);
      }
    },
    navigate: (path) => (window.location.hash = '#/' + path),
    route,
  };
  const Page = (PAGES.find(([id]) => id === route.page) ?? PAGES[0])[2];

  return (
    <Ctx.Provider value={ctx}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar
          position="fixed"
          elevation={0}
          sx={{ zIndex: (t) => t.zIndex.drawer + 1, bgcolor: liveMode ? '#7a2e2e' : 'primary.main' }}
        >
          {/* One line at every width: nothing here wraps (the clock folds its buttons away instead). */}
          <Toolbar
            variant="dense"
            sx={{ gap: { xs: 0.75, xl: 2 }, px: { xs: 1.5, xl: 3 }, flexWrap: 'nowrap', whiteSpace: 'nowrap' }}
          >
            {/* The product's name never gives way: the space after it does. */}
            <Typography variant="h6" component="div" noWrap sx={{ flexShrink: 0 }}>
              Tariff Desk
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0 }} />
            <ClockControl />
            <Chip
              size="small"
              label={liveMode ? 'LIVE DATA' : 'TEST DATA'}
              // Below 1536 px the chip gives way to the clock's buttons: the Live mode switch and the bar's colour still say the mode.
              sx={{
                bgcolor: 'rgba(255,255,255,0.18)',
                color: '#fff',
                fontWeight: 700,
                display: { xs: 'none', xl: 'inline-flex' },
              }}
            />
            {/* Codes beside the words, for testers; off for a demo. Each switch has its label on its left
                only, so that no label sits between two switches and reads as the next one's. */}
            <Tooltip
              describeChild
              title="Show the service's own names (fields, codes, event types) beside the app's words: for testers"
            >
              <FormControlLabel
                control={
                  <Switch
                    checked={apiNames}
                    onChange={(e) => setApiNames(e.target.checked)}
                    color="default"
                    slotProps={{ input: { 'aria-label': 'API names' } }}
                  />
                }
                label="API names"
                labelPlacement="start"
                slotProps={{ typography: { variant: 'body2' } }}
                sx={{ mr: 0, ml: 1 }}
              />
            </Tooltip>
            <Tooltip
              describeChild
              title="Work on the live-mode world (its own keys, data and webhooks) instead of the test one"
            >
              <FormControlLabel
                control={
                  <Switch
                    checked={liveMode}
                    onChange={(e) => ctx.setLiveMode(e.target.checked)}
                    color="default"
                    slotProps={{ input: { 'aria-label': 'Live mode' } }}
                  />
                }
                label="Live mode"
                labelPlacement="start"
                slotProps={{ typography: { variant: 'body2' } }}
                sx={{ mr: 0, ml: 1 }}
              />
            </Tooltip>
          </Toolbar>
        </AppBar>
        {/* The paper is fixed to the window; the docked box behind it stretches with the page and wears the same
            background and edge, so on a page taller than the window the navigation's column runs to its foot. */}
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER,
            flexShrink: 0,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            boxSizing: 'border-box',
            '& .MuiDrawer-paper': { width: DRAWER, boxSizing: 'border-box' },
          }}
        >
          <Toolbar variant="dense" />
          <List component="nav" aria-label="Pages">
            {PAGES.map(([id, label]) => (
              <ListItemButton
                key={id}
                selected={route.page === id}
                onClick={() => ctx.navigate(id)}
                aria-current={route.page === id ? 'page' : undefined}
              >
                <ListItemText primary={label} />
              </ListItemButton>
            ))}
          </List>
        </Drawer>
        <Box component="main" sx={{ flex: 1, p: 3, minWidth: 0 }}>
          <Toolbar variant="dense" />
          <Page key={`${route.page}-${liveMode}`} />
        </Box>
      </Box>
    </Ctx.Provider>
  );
}
