import { describe, expect, it } from 'vitest';
import { REDACTED, TOKEN_SHAPES, redactDeep, redactor } from './redaction';

// Made-up credentials of each shape: none of them is real.
const SHAPED: Record<string, string> = {
  'private key':
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----',
  'OpenAI or Anthropic key': 'sk-proj-Abcdefghijklmnopqrstuvwxyz012345',
  'GitHub token': 'ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ',
  'GitLab token': 'glpat-abcdefghij0123456789',
  'AWS access key': 'AKIAIOSFODNN7EXAMPLE',
  'Google API key': 'AIzaSyA1234567890abcdefghijklmnopqrstuv',
  'Slack token': 'xoxb-123456789012-abcdefghijkl',
  'Stripe key': 'sk_live_abcdefghijklmnop1234',
  'Hugging Face token': 'hf_abcdefghijklmnopqrstuvwxyzABCDEF',
  'JSON Web Token':
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'bearer token': 'Bearer abcdefghijklmnopqrstuvwxyz.0123',
  'password in an address': 'postgres://admin:hunter2hunter2@db.internal:5432/app',
};

describe('redaction before sharing', () => {
  it('has a made-up example for every shape it knows', () => {
    expect(Object.keys(SHAPED).sort()).toEqual(TOKEN_SHAPES.map((shape) => shape.name).sort());
  });

  it.each(Object.entries(SHAPED))('removes a %s from the words around it', (name, value) => {
    const { redact, found } = redactor([]);
    const text = redact(`before ${value} after`);
    expect(text).toContain(REDACTED);
    expect(text).toMatch(/^before .*after$/s);
    expect(found.get(name)).toBe(1);
    // What names the kind of a credential stays: only the secret part goes.
    if (name === 'bearer token') expect(text).toContain('Bearer [redacted]');
    if (name === 'password in an address')
      expect(text).toBe('before postgres://admin:[redacted]@db.internal:5432/app after');
  });

  it('keeps ordinary words, code and hashes', () => {
    const { redact, found } = redactor([]);
    const ordinary = [
      'git checkout -b sk-learn-upgrade',
      'commit 3f1c2a4e9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e',
      'const task = "ask-me-anything";',
      'https://example.com/path?x=1',
      'user@example.com',
      'Bearer of bad news',
    ];
    for (const text of ordinary) expect(redact(text)).toBe(text);
    expect(found.size).toBe(0);
  });

  it('removes the values this browser knows, wherever they are, the longest first', () => {
    const { redact, found } = redactor([
      { name: 'DATABASE_PASSWORD', value: 'correct-horse-battery' },
      { name: 'session key', value: 'correct-horse' },
      { name: 'too short to hunt', value: 'abc' },
    ]);
    expect(redact('pw=correct-horse-battery; key=correct-horse; abc')).toBe(
      'pw=[redacted]; key=[redacted]; abc',
    );
    expect(Object.fromEntries(found)).toEqual({ DATABASE_PASSWORD: 1, 'session key': 1 });
  });

  it('leaves inlined images alone, and keeps the shape of events', () => {
    const { redact } = redactor([]);
    const image = 'data:image/png;base64,AKIAIOSFODNN7EXAMPLEAAAA';
    const event = {
      id: 'e1',
      observation: { content: [{ text: 'token ghp_abcdefghijklmnopqrstuvwxyzABCDEFGHIJ' }] },
      n: 3,
      image,
    };
    expect(redactDeep(event, redact)).toEqual({
      id: 'e1',
      observation: { content: [{ text: `token ${REDACTED}` }] },
      n: 3,
      image,
    });
  });
});
