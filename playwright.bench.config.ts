import { defineConfig } from '@playwright/test';
import base, { launchOptions } from './playwright.config';

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
  use: { ...base.use, launchOptions: launchOptions('chromium') },
});
