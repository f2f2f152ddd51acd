import { defineConfig } from '@playwright/test';
import base, { launchOptions, previewServer } from './playwright.config';

const BENCH_PORT = 4174;

// `npm run bench`: one worker, so measurements do not compete for the two cores.
export default defineConfig({
  ...base,
  testDir: 'bench',
  testMatch: 'bench.spec.ts',
  projects: undefined,
  workers: 1,
  timeout: 300_000,
  reporter: [['list']],
  outputDir: 'test-results/bench',
  // The whole browser, as a person has it: the tests' headless shell draws and schedules less.
  use: { ...base.use, baseURL: `http://127.0.0.1:${BENCH_PORT}`, launchOptions: launchOptions('chromium') },
  // The build gzipped, as a deployment serves it (the journeys' server is not), on a port of its
  // own, so that a journeys' server left running is never taken for it.
  webServer: previewServer(BENCH_PORT, { gzipped: true }),
});
