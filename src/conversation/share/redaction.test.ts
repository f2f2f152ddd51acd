import { describe, expect, it } from 'vitest';
import { REDACTED, SHAPE_NAMES, TOKEN_SHAPES, redactDeep, redactText, redactor } from './redaction';
import { PLANTED_SECRETS } from './plantedSecrets';

describe('redaction before anything leaves the browser', () => {
  it('has a made-up example for every shape it knows', () => {
    expect(new Set(PLANTED_SECRETS.map((planted) => planted.shape))).toEqual(SHAPE_NAMES);
    expect(TOKEN_SHAPES.length).toBeGreaterThanOrEqual(SHAPE_NAMES.size);
  });

  it.each(PLANTED_SECRETS.map((planted) => [planted.shape, planted]))(
    'removes a %s from the words around it',
    (name, { text, secret }) => {
      const { redact, found } = redactor([]);
      const redacted = redact(`before ${text} after`);
      expect(redacted).toContain(REDACTED);
      expect(redacted).not.toContain(secret);
      expect(redacted).toMatch(/^before [\s\S]*after$/);
      expect(found.get(name)).toBeGreaterThanOrEqual(1);
    },
  );

  it.each(PLANTED_SECRETS.filter((planted) => planted.cut).map((planted) => [planted.shape, planted]))(
    'removes a %s cut short, as a title keeps only its start',
    (_name, { text, secret }) => {
      // The list's titles are the first words of the first message: 29 of a token's 40 characters.
      const at = text.indexOf(secret);
      const cut = text.slice(0, at + Math.ceil(secret.length * 0.7));
      const redacted = redactText(`Fix with ${cut}…`);
      expect(redacted).toContain(REDACTED);
      expect(redacted).not.toContain(secret.slice(0, Math.ceil(secret.length * 0.5)));
    },
  );

  it('keeps what names the kind of a credential: only the secret part goes', () => {
    expect(redactText('curl -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz.0123"')).toBe(
      `curl -H "Authorization: Bearer ${REDACTED}"`,
    );
    expect(redactText('git clone https://bob:hunter2@example.com/repo.git')).toBe(
      `git clone https://bob:${REDACTED}@example.com/repo.git`,
    );
    expect(redactText('https://x.example/a?page=2&token=abc123&sort=new')).toBe(
      `https://x.example/a?page=2&token=${REDACTED}&sort=new`,
    );
    expect(redactText('export GITHUB_TOKEN="s3cr3t-value"')).toBe(`export GITHUB_TOKEN="${REDACTED}"`);
  });

  it('keeps ordinary words, code, hashes and addresses', () => {
    const { redact, found } = redactor([]);
    const ordinary = [
      'git checkout -b sk-learn-upgrade',
      'commit 3f1c2a4e9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e',
      'const task = "ask-me-anything";',
      'https://example.com/path?x=1&page=2',
      'user@example.com',
      'git@github.com:org/repo.git',
      'ssh://git@github.com/org/repo.git',
      'Bearer of bad news',
      'MAX_TOKENS=100000',
      'password: string;',
      'token = os.environ["GITHUB_TOKEN"]',
      'export GITHUB_TOKEN=$GITHUB_TOKEN',
      '"max_tokens": 4096',
      'Basic understanding of the parser',
      'The task is done: tokens are counted.',
    ];
    for (const text of ordinary) expect(redact(text)).toBe(text);
    expect(found.size).toBe(0);
  });

  it('removes the values this browser knows, wherever they are, the longest first, encoded too', () => {
    const { redact, found } = redactor([
      { name: 'DATABASE_PASSWORD', value: 'correct-horse-battery' },
      { name: 'session key', value: 'correct-horse' },
      { name: 'model key', value: 'p@ss word/1' },
      { name: 'too short to hunt', value: 'abc' },
    ]);
    expect(redact('pw is correct-horse-battery; key is correct-horse; abc; q=p%40ss%20word%2F1')).toBe(
      'pw is [redacted]; key is [redacted]; abc; q=[redacted]',
    );
    expect(Object.fromEntries(found)).toEqual({ DATABASE_PASSWORD: 1, 'session key': 1, 'model key': 1 });
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
