// What a shared copy must never carry: the values this browser knows to be secret (the server's
// stored secrets, the session keys it holds) and anything shaped like a credential. Pure: the
// same text and secrets always give the same result, and the share dialog says what it found.

export interface TokenShape {
  /** Said in the share dialog: what kind of secret was found. */
  name: string;
  pattern: RegExp;
}

/**
 * Credentials with a recognisable shape. Each is tested (redaction.test.ts) on a made-up value
 * and on text that must stay, so the list can grow without swallowing ordinary words.
 */
export const TOKEN_SHAPES: readonly TokenShape[] = [
  {
    name: 'private key',
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  },
  { name: 'OpenAI or Anthropic key', pattern: /\bsk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{20,}/g },
  { name: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/g },
  { name: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { name: 'AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { name: 'Stripe key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { name: 'Hugging Face token', pattern: /\bhf_[A-Za-z0-9]{30,}\b/g },
  { name: 'JSON Web Token', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { name: 'bearer token', pattern: /\b(Bearer\s+)[A-Za-z0-9._~+/-]{20,}=*/g },
  {
    name: 'password in an address',
    pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:)[^\s@/]{3,}(?=@)/gi,
  },
];

export const REDACTED = '[redacted]';

/** A secret value this browser knows, and what to call it in the dialog. */
export interface KnownSecret {
  name: string;
  value: string;
}

export interface Redactor {
  redact: (text: string) => string;
  /** How many of each kind were replaced so far, by name. */
  readonly found: ReadonlyMap<string, number>;
}

/** Values shorter than this are too likely to be ordinary words to be hunted for. */
const SHORTEST_SECRET = 6;

const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function redactor(known: readonly KnownSecret[]): Redactor {
  const found = new Map<string, number>();
  const count = (name: string) => found.set(name, (found.get(name) ?? 0) + 1);
  // Longest first, so that a value that contains another is taken whole.
  const values = known
    .filter((secret) => secret.value.length >= SHORTEST_SECRET)
    .sort((a, b) => b.value.length - a.value.length)
    .map((secret) => ({ name: secret.name, pattern: new RegExp(escaped(secret.value), 'g') }));
  return {
    found,
    redact(text) {
      // Inlined images are bytes, not words: a shape may occur in them by chance.
      if (text.startsWith('data:image/')) return text;
      let result = text;
      for (const { name, pattern } of values)
        result = result.replace(pattern, () => {
          count(name);
          return REDACTED;
        });
      for (const { name, pattern } of TOKEN_SHAPES)
        result = result.replace(pattern, (_match, kept?: unknown) => {
          count(name);
          return `${typeof kept === 'string' ? kept : ''}${REDACTED}`;
        });
      return result;
    },
  };
}

/** Every string in a JSON value, redacted; the shape is kept. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactDeep(item, redact)]),
    ) as T;
  return value;
}
