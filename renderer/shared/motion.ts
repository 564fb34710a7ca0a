import type { ThemeOptions } from '@mui/material';

/**
 * Where the system asks for reduced motion, nothing slides, fades or ripples: dialogs, menus and
 * snackbars appear and go at once. Both apps' themes take these options.
 */
export function motionOptions(): ThemeOptions {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (!reduce) return {};
  const none = 0;
  return {
    transitions: {
      create: () => 'none',
      duration: {
        shortest: none,
        shorter: none,
        short: none,
        standard: none,
        complex: none,
        enteringScreen: none,
        leavingScreen: none,
      },
    },
    components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
  };
}
