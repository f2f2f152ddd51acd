import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from '@openhands/typescript-client/client/http-client';
import {
  AgentServerRefused,
  checkHealth,
  describeError,
  searchEventPage,
  type AgentServerClients,
} from './client';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('REST access', () => {
  it('goes through the typed client: no bare fetch or XHR in the app', () => {
    const offenders = sourceFiles('src').filter((path) =>
      /\bfetch\s*\(|XMLHttpRequest|axios/.test(readFileSync(path, 'utf8')),
    );
    // Uploads alone use XHR: fetch cannot report upload progress. The probe of a model's address
    // is one fetch: it asks no agent-server anything; the service worker's is another, for the
    // app's own files (it leaves the agent-server's requests alone); a shared copy's images are
    // another, read from the address the transcript shows them from; the notification relay's
    // is the last: the relay is Tether's own, not an agent-server.
    const workspace = join('src', 'agent-server', 'workspace.ts');
    const probe = join('src', 'agent-server', 'reachability.ts');
    const shell = join('src', 'offline', 'shellWorker.ts');
    const images = join('src', 'conversation', 'share', 'prepareShare.ts');
    const relay = join('src', 'components', 'alerts', 'alertSubscription.ts');
    expect(offenders.sort()).toEqual([probe, workspace, relay, images, shell]);
    expect(readFileSync(relay, 'utf8').match(/\bfetch\s*\(/g)).toHaveLength(1);
    expect(readFileSync(workspace, 'utf8').match(/XMLHttpRequest/g)).toHaveLength(1);
    expect(readFileSync(probe, 'utf8').match(/\bfetch\s*\(/g)).toHaveLength(1);
  });
});

function clients(info: () => Promise<unknown>, count: () => Promise<unknown>): AgentServerClients {
  return {
    server: { getServerInfo: info },
    conversations: { countConversations: count },
  } as unknown as AgentServerClients;
}

describe('checkHealth', () => {
  it('tells reachable, wrong key and unreachable apart', async () => {
    const ok = () => Promise.resolve({ version: '1.57.0' });
    expect(await checkHealth(clients(ok, () => Promise.resolve(3)))).toEqual({
      kind: 'reachable',
      version: '1.57.0',
    });
    const denied = () => Promise.reject(new HttpError(401, 'Unauthorized', { detail: 'Unauthorized' }));
    expect(await checkHealth(clients(ok, denied))).toEqual({ kind: 'wrong-key' });
    const down = () => Promise.reject(new Error('Request failed: Failed to fetch'));
    expect((await checkHealth(clients(down, down))).kind).toBe('unreachable');
  });
});

describe('describeError', () => {
  it('says what went wrong in words', () => {
    expect(describeError(new HttpError(401, 'Unauthorized', null))).toMatch(/session API key/);
    expect(describeError(new HttpError(500, 'Server Error', { detail: 'boom' }))).toBe(
      'The agent-server answered 500: boom',
    );
    expect(describeError(new Error('Request failed: Failed to fetch'))).toMatch(/Cannot reach/);
    expect(describeError(new AgentServerRefused('It did nothing.'))).toBe('It did nothing.');
    // 1.58's refusal while credentials need re-activating: asks the person, not a bare 409.
    expect(
      describeError(new HttpError(409, 'Conflict', { detail: 'activation required', retryable: true })),
    ).toMatch(/credentials re-activated/);
    expect(describeError(new HttpError(409, 'Conflict', { detail: 'owned elsewhere' }))).toMatch(/409/);
    expect(describeError(new Error('Request timeout after 30000ms'))).toMatch(/in time/);
  });
});

describe('searchEventPage', () => {
  const answering = (answer: unknown) =>
    ({ searchEvents: () => Promise.resolve(answer) }) as unknown as AgentServerClients['conversations'];

  it('passes a page on with its items unchecked, and reads anything else as an empty page', async () => {
    const items = [{ id: 'e1' }, 'not even an event'];
    expect(await searchEventPage(answering({ items, next_page_id: 'e2' }), 'c1', {})).toEqual({
      items,
      next_page_id: 'e2',
    });
    expect(await searchEventPage(answering({ items: {}, next_page_id: 7 }), 'c1', {})).toEqual({
      items: [],
      next_page_id: null,
    });
    expect(await searchEventPage(answering('<html>'), 'c1', {})).toEqual({ items: [], next_page_id: null });
  });
});
