import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { RealServerOptions } from './e2e/real/fixtures';

/** Every agent-server version the real-server suite runs against (package.json). */
const agentServerVersions: string[] = JSON.parse(readFileSync('package.json', 'utf8')).config
  .agentServerVersions;

// Debian's Chromium, never a downloaded browser. The journeys run in its headless shell (Debian's
// chromium-headless-shell, built from the same source as its chromium): the mock suite's journeys
// took 30 % less time there (history, live and session: 135 s → 94 s on two cores). A window
// shown (--headed, --ui, --debug) needs the whole browser, and so does `npm run bench`, which
// measures what a person waits for in theirs.
const WINDOWED = process.argv.some((arg) => ['--headed', '--ui', '--debug'].includes(arg));

type Program = 'chromium' | 'chromium-headless-shell';

function chromiumPath(program: Program): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync(`command -v ${program}`, { encoding: 'utf8', shell: '/bin/bash' }).trim();
  } catch {
    throw new Error(
      `${program} is not installed: run \`bash scripts/ensure-browser.sh\` (installs Debian's packages "chromium" and "chromium-headless-shell"; \`npm test\` does it too).`,
    );
  }
}

/** Debian's Chromium and its flags, which keep it off the (closed) network. */
export function launchOptions(program?: Program) {
  const executable: Program = program ?? (WINDOWED ? 'chromium' : 'chromium-headless-shell');
  return {
    executablePath: chromiumPath(executable),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--font-render-hinting=none',
      // The journeys' shell runs scripts without V8's optimising tiers: a journey's page lives a
      // few seconds, and what they compile for it on the side did not pay for itself (the mock
      // suite: 456 → 408 s on two cores). Nor with V8's threads beside the page's: its garbage
      // collection and compiling on the main thread, three workers' pages on two cores spent
      // less (46 mock journeys: 92.8 and 92.1 s with them, 84.5 and 81.5 s without).
      // The whole browser keeps both: the bench measures what a person waits for, and the chaos
      // journey's page must keep up with its socket.
      ...(executable === 'chromium-headless-shell' ? ['--js-flags=--max-opt=1 --single-threaded'] : []),
    ],
  };
}

const PORT = 4173;

/** The production build served by `vite preview` on a port, gzipped as a deployment serves it or not. */
export function previewServer(
  port: number,
  { gzipped }: { gzipped: boolean },
): NonNullable<PlaywrightTestConfig['webServer']> {
  return {
    // Vite itself, not through npx: one process layer (and npm's own start-up) fewer between the
    // suite and the server it waits for.
    command: `node node_modules/vite/bin/vite.js preview --port ${port} --strictPort`,
    env: gzipped ? {} : { TETHER_PREVIEW_UNCOMPRESSED: '1' },
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  };
}

export default defineConfig<RealServerOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  // Real agent-servers start by fork from one process per venv that has imported their libraries
  // (e2e/real/forkServer.py): 17 CPU-seconds a start become about 4.
  globalSetup: './e2e/real/forkServerRun.ts',
  // Three on two cores: a journey spends about half its time waiting (on the mock agent's
  // timers, a real server's run, a poll), so a third worker fills the cores the other two leave
  // idle. Measured on two cores: the mock suite 439 s → 361 s, with one core kept busy 400 s;
  // four workers gained little more and cost more CPU.
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled' } },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    // scripts/test.sh reads each failure's first words from it, for the short tail CI keeps.
    ...(process.env.TETHER_JSON_REPORT
      ? [['json', { outputFile: process.env.TETHER_JSON_REPORT }] as ['json', { outputFile: string }]]
      : []),
  ],
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-GB',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
    // A click on something that never comes fails where it waits, not at the test's end with
    // nothing but "Test timeout" to read.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // A failed journey keeps its trace (every action with its call log and error, the console)
    // and, from `screenshot` and Playwright itself, the page at the moment it failed. Not the
    // trace's film (a quarter of the suite's CPU) nor the DOM before and after every action, with
    // which Playwright also records the network: on 48 mock journeys, 127–133 CPU-seconds and
    // 85–88 s with those DOM snapshots, 112–115 and 80–81 s without, 107–117 and 76–79 s with no
    // trace at all. `--trace on` takes the whole trace of a journey rerun by hand.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: launchOptions(),
  },
  projects: [
    // Each mock journey has a browser context (and so a mock server) of its own: any two can run
    // side by side, so the suite is shared out by journey, not by file, and no long file is left
    // to run alone at the end (workspace.spec ran 43 s by itself when shared out by file).
    { name: 'mocks', testIgnore: ['real/**'], fullyParallel: true },
    // The newest pinned agent-server gets every real journey; older ones the smoke set (tagged
    // @smoke: the contract, a whole run, the legacy socket's resume, Stop, a crash), which is where
    // versions have differed. No project depends on another: scripts/test.sh runs the mock project,
    // then the real ones together on the same workers, and a failing mock journey hides no real
    // result.
    // An older version's smoke set runs in one worker, beside the newest's on the others: each
    // worker of a version starts a server of its own (about 16 CPU-seconds of imports), and three
    // workers on the smoke set first left the newest's three to start only once it was done.
    ...agentServerVersions.map((version, index) => ({
      name: `real-agent-server-${version}`,
      testDir: 'e2e/real',
      timeout: 180_000,
      ...(index === agentServerVersions.length - 1 ? {} : { grep: /@smoke/, workers: 1 }),
      // The headless shell, as for the mocks, but for the journeys that say otherwise (chaos,
      // relay): with the agent-servers on the same two cores, the suite took 300 s in it against
      // 366 s in the whole browser (one run each, 2026-11-29).
      use: { agentServerVersion: version },
    })),
  ],
  // The build as it is, not gzipped on every request: on loopback that only cost CPU (vite.config.ts).
  webServer: previewServer(PORT, { gzipped: false }),
});
