import { describe, expect, it, vi } from 'vitest';
import { HttpClient } from '@openhands/typescript-client/client/http-client';
import { SkillsClient } from './skills';

describe('SkillsClient', () => {
  it('asks the server one thing at a time, a failure not holding up the next', async () => {
    const started: string[] = [];
    const answers = new Map<string, (value: unknown) => void>();
    vi.spyOn(HttpClient.prototype, 'get').mockImplementation((url: string) => {
      started.push(url);
      return new Promise((resolve) => answers.set(url, (data) => resolve({ data } as never)));
    });
    vi.spyOn(HttpClient.prototype, 'patch').mockImplementation((url: string) => {
      started.push(url);
      return Promise.reject(new Error('refused'));
    });
    const client = new SkillsClient({ serverUrl: 'http://s', sessionApiKey: '' });
    const installed = client.installed();
    const change = client.setEnabled('a', false);
    const catalog = client.catalog();
    await Promise.resolve();
    expect(started).toEqual(['/api/skills/installed']);
    answers.get('/api/skills/installed')!({ skills: [] });
    await expect(installed).resolves.toEqual([]);
    await expect(change).rejects.toThrow('refused');
    await vi.waitFor(() =>
      expect(started).toEqual(['/api/skills/installed', '/api/skills/installed/a', '/api/skills/catalog']),
    );
    answers.get('/api/skills/catalog')!({ skills: [{ name: 'b', description: 'B', origin: 'public' }] });
    await expect(catalog).resolves.toEqual([{ name: 'b', description: 'B', origin: 'public' }]);
  });
});
