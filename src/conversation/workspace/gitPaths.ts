// Paths as the git routes send them, and what a file's name says about its contents.

/**
 * The path a change names, decoded. Git C-quotes paths with bytes outside ASCII ("r\303\251"),
 * and the server's serialiser then turns every backslash into a slash ("r/303/251"); both forms
 * are decoded here (see docs/agent-server-notes.md for the one ambiguity).
 */
export function decodeGitPath(wire: string): string {
  if (wire.length < 2 || !wire.startsWith('"') || !wire.endsWith('"')) return wire;
  const inner = wire.slice(1, -1);
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i]!;
    if (char === '\\' || char === '/') {
      const octal = /^[0-3][0-7]{2}/.exec(inner.slice(i + 1, i + 4));
      // A slash is an escape only when a high byte (\200-\377) follows; otherwise a separator.
      if (octal && (char === '\\' || Number.parseInt(octal[0], 8) >= 0o200)) {
        bytes.push(Number.parseInt(octal[0], 8));
        i += 3;
        continue;
      }
      const next = inner[i + 1];
      if (char === '\\' && next !== undefined) {
        const escaped: Record<string, string> = { t: '\t', n: '\n', '"': '"', '\\': '\\' };
        bytes.push(...encoder.encode(escaped[next] ?? next));
        i += 1;
        continue;
      }
      if (char === '/' && next === '"') {
        bytes.push(0x22);
        i += 1;
        continue;
      }
    }
    bytes.push(...encoder.encode(char));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

export function fileName(path: string): string {
  return path.split('/').filter(Boolean).at(-1) ?? path;
}

export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path);
}

const BY_EXTENSION: Record<string, string> = {
  py: 'python',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  yaml: 'yaml',
  go: 'go',
  rs: 'rust',
  java: 'java',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  css: 'css',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  sql: 'sql',
  rb: 'ruby',
  ini: 'ini',
  toml: 'ini',
  cfg: 'ini',
  diff: 'diff',
  patch: 'diff',
};

/** The highlighter's language for a file, or undefined to show it plain. */
export function languageOf(path: string): string | undefined {
  const name = fileName(path);
  if (name === 'Makefile' || name.endsWith('.mk')) return 'makefile';
  if (name === 'Dockerfile' || name.startsWith('Dockerfile.')) return 'dockerfile';
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension ? BY_EXTENSION[extension] : undefined;
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|ico|avif)$/i;

export function isImagePath(path: string): boolean {
  return IMAGE_EXTENSIONS.test(path);
}
