import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against a real server started by global-setup.ts on a fresh
 * embedded database with the demo data. Browsers are never downloaded.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Two spec files at a time against the one server: most of a test is waiting on the server, the simulator's
  // latency or an animation, so two workers took the tier from ~25–33 min to ~10 on the 2-core CI machine
  // (decision 0500). Specs make their own records and do not compare figures another spec may change meanwhile;
  // the one ordering they rely on (configuration renames the second demo agency, menus reads it) is in 0500.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // 20 s: at load 10 on CI a signed-in page's first render (entry, app, layout, page chunks, each parsed in a
  // loaded Chromium) took 12–13 s while every API answer took under 0.4 s.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results/e2e',
  use: {
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    // The app honours the reader's reduced-motion setting (no antd animations, no transitions): the tests wait on no
    // animation, and a loaded 2-core machine draws no animation frames for two browsers (decision 0750).
    reducedMotion: 'reduce',
    // A trace records a screencast of every action: it doubled Chromium's CPU (28 → 63 s for 16 page loads) and made
    // most of the browser tier's CPU on CI (decision 0750). CI traces a failed test's retry; a developer's run,
    // which does not retry, keeps the trace of any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
