import { defineConfig } from '@playwright/test';
import base from './playwright.config';

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
});
