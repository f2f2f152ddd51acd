import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './agentServer';
import { MARKER } from './leftovers';

// The notification relay as a person starts it (`npm run relay` runs `node relay/main.ts`), in a
// folder of its own, on a free port; stopped, it leaves no process.

const MAIN = fileURLToPath(new URL('../../relay/main.ts', import.meta.url));

export class RelayProcess {
  readonly folder = mkdtempSync(join(tmpdir(), 'tether-relay-'));
  private process: ChildProcess | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The keys it made on its first start: the VAPID public key and the webhook secret. */
  get keys(): { publicKey: string; secret: string } {
    return JSON.parse(readFileSync(join(this.folder, 'keys.json'), 'utf8')) as {
      publicKey: string;
      secret: string;
    };
  }

  async start(): Promise<void> {
    this.port = await freePort();
    const log = openSync(join(this.folder, 'relay.log'), 'a');
    // The Node.js the tests run on is the one npm gives the project (22, which runs TypeScript).
    this.process = spawn(process.execPath, [MAIN], {
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        [MARKER]: this.folder,
        TETHER_RELAY_PORT: String(this.port),
        TETHER_RELAY_DATA: this.folder,
      },
    });
    const child = this.process;
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null)
            throw new Error(`The relay exited; see ${join(this.folder, 'relay.log')}`);
          return fetch(`${this.url}/health`).then(
            (response) => response.ok,
            () => false, // not listening yet
          );
        },
        { message: 'the relay answers', timeout: 30_000 },
      )
      .toBe(true);
  }

  /** Whether the relay has had an event of a conversation from the server's webhook. */
  async received(server: string, conversationId: string, eventId: string): Promise<boolean> {
    const query = new URLSearchParams({ server, conversation: conversationId, event: eventId });
    return ((await (await fetch(`${this.url}/health?${query}`)).json()) as { received: boolean }).received;
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
