// What must never leave this browser (in a shared copy, an export, a file name or the
// clipboard): the values this browser knows to be secret (the server's stored secrets, the
// session keys and model keys it holds) and anything shaped like a credential. Pure: the same
// text and secrets always give the same result, and the dialogs say what was found.

export interface TokenShape {
  /** Said in the share dialog: what kind of secret was found. */
  name: string;
  /**
   * The whole match is replaced, except the groups named `keep` and `after`, which stay where
   * they stood (a URL's user name, a parameter's name, the word "Bearer").
   */
  pattern: RegExp;
}

/** The query parameters whose values are credentials wherever they appear in a URL. */
const SECRET_PARAMETERS = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'auth',
  'authorization',
  'api_key',
  'api-key',
  'apikey',
  'key',
  'client_secret',
  'secret',
  'password',
  'passwd',
  'pwd',
  'sig',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'x-goog-signature',
  'x-goog-credential',
  'session',
  'sessionid',
  'jwt',
  'code',
].join('|');

/** Environment-style names whose values are credentials (`GITHUB_TOKEN=…`, `"password": "…"`). */
// The word ends the name or a part of it: MAX_TOKENS is a number, GITHUB_TOKEN a credential.
const SECRET_NAME = String.raw`[A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)(?:_[A-Z0-9_]*)?`;
const QUOTED_SECRET_NAME = String.raw`[A-Za-z0-9_-]*(?:token|secret|password|passwd|api[_-]?key|apiKey|access[_-]?key|private[_-]?key|credentials?)`;

/**
 * Credentials with a recognisable shape. Each is tested (redaction.test.ts) on a made-up value,
 * whole and cut short (a title keeps only the start of a token), and on text that must stay, so
 * the list can grow without swallowing ordinary words. Prefixes that only credentials carry
 * (`ghp_`, `sk-ant-`, `AKIA`) need few characters after them.
 */
export const TOKEN_SHAPES: readonly TokenShape[] = [
  {
    name: 'private key',
    // A block cut short (no END line) is taken to the end of the text.
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|[\s\S]*$)/g,
  },
  { name: 'Anthropic key', pattern: /\bsk-ant-[A-Za-z0-9_-]{12,}/g },
  { name: 'OpenAI key', pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { name: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{12,}|github_pat_[A-Za-z0-9_]{12,})/g },
  { name: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{12,}/g },
  { name: 'AWS access key', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{12,16}\b/g },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{20,}/g },
  { name: 'Google OAuth token', pattern: /\bya29\.[0-9A-Za-z_-]{20,}/g },
  { name: 'Slack token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  {
    name: 'Slack webhook',
    pattern: /(?<keep>\bhttps:\/\/hooks\.slack\.com\/services\/)[A-Za-z0-9/_-]{10,}/g,
  },
  { name: 'Stripe key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { name: 'Hugging Face token', pattern: /\bhf_[A-Za-z0-9]{20,}/g },
  {
    name: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*)?/g,
  },
  { name: 'bearer token', pattern: /(?<keep>\b(?:Bearer|Basic)\s+)[A-Za-z0-9._~+/-]{20,}=*/g },
  {
    name: 'password in an address',
    // scheme://user:password@host: the user name stays, the password goes.
    pattern: /(?<keep>\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/?#]*:)[^\s@/?#]+(?=@)/gi,
  },
  {
    name: 'credential in an address',
    // https://TOKEN@host: on the web, a user name alone is a token (git's x-access-token too).
    pattern: /(?<keep>\b(?:https?|wss?|ftps?):\/\/)[^\s:@/?#]+(?=@[^\s@])/gi,
  },
  {
    name: 'secret in an address',
    pattern: new RegExp(String.raw`(?<keep>[?&#;](?:${SECRET_PARAMETERS})=)[^&#\s"'<>)\]]+`, 'gi'),
  },
  {
    name: 'secret setting',
    // GITHUB_TOKEN=…, export API_KEY="…", password: … in an env file or a command's output.
    pattern: new RegExp(
      String.raw`(?<keep>\b${SECRET_NAME}\s*[=:]\s*["']?)(?!\$|\[redacted\])[^\s"'\`,;]{6,}`,
      'g',
    ),
  },
  {
    name: 'secret setting',
    // "api_key": "…" in JSON or YAML.
    pattern: new RegExp(
      String.raw`(?<keep>["']${QUOTED_SECRET_NAME}["']\s*:\s*["'])(?!\[redacted\])[^"'\n]{6,}(?=["'])`,
      'gi',
    ),
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

/** The names of the shapes, apart from the known values: the dialogs count them as one. */
export const SHAPE_NAMES: ReadonlySet<string> = new Set(TOKEN_SHAPES.map((shape) => shape.name));

export function redactor(known: readonly KnownSecret[]): Redactor {
  const found = new Map<string, number>();
  const count = (name: string) => found.set(name, (found.get(name) ?? 0) + 1);
  // Longest first, so that a value that contains another is taken whole. A value is also
  // hunted for as a URL would carry it (encoded), since addresses are shared as often as words.
  const values = known
    .filter((secret) => secret.value.length >= SHORTEST_SECRET)
    .sort((a, b) => b.value.length - a.value.length)
    .map((secret) => {
      const forms = [...new Set([secret.value, encodeURIComponent(secret.value)])].map(escaped);
      return { name: secret.name, pattern: new RegExp(forms.join('|'), 'g') };
    });
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
        result = result.replace(pattern, (...match: unknown[]) => {
          const groups = match.at(-1) as Record<string, string | undefined> | undefined;
          count(name);
          return `${groups?.keep ?? ''}${REDACTED}`;
        });
      return result;
    },
  };
}

/** One text with every secret taken out (no count kept): titles, file names, the clipboard. */
export const redactText = (text: string, known: readonly KnownSecret[] = []) => redactor(known).redact(text);

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
