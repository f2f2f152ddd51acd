import { describe, expect, it } from 'vitest';
import { summaryWords } from './healthWords';

describe('the header’s word on the servers', () => {
  it('says each thing once: a version the server’s name already says is left out', () => {
    const reachable = (version: string) => ({ kind: 'reachable' as const, version });
    expect(summaryWords([{ name: 'Built-in mock', health: reachable('mock'), checking: false }])).toBe(
      'Built-in mock · Connected',
    );
    expect(summaryWords([{ name: 'Laptop', health: reachable('1.58.2'), checking: false }])).toBe(
      'Laptop · Connected (server 1.58.2)',
    );
  });
});
