import { expect } from '@playwright/test';

/**
 * Playwright's web-first assertions, waiting up to 15 s for the condition (Playwright's own
 * default is 5 s): they return as soon as it holds, so the limit costs nothing on an idle machine
 * and keeps a loaded one (the suites run side by side) from failing a page that is only slow.
 */
export const see = expect.configure({ timeout: 15_000 });
