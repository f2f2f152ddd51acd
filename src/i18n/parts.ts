// The English words of parts that load lazily ride with those parts, not in the first load: a
// message whose id starts with `<part>.` is English there only once the part is loaded. A module
// saying such a message imports `virtual:tether-english/<part>` (the catalogue test checks it);
// every other language is one catalogue, whole, loaded when it is chosen.

export const LAZY_PARTS = [
  'alerts',
  'announce',
  'answers',
  'attachments',
  'banner',
  'board',
  'branches',
  'browser',
  'browserCopy',
  'children',
  'confirm',
  'diff',
  'export',
  'failed',
  'find',
  'inbox',
  'itemActions',
  'limits',
  'mcp',
  'modelDialog',
  'palette',
  'planFirst',
  'problems',
  'resend',
  'review',
  'runtime',
  'search',
  'secrets',
  'servers',
  'share',
  'shortcuts',
  'skills',
  'tasks',
  'terminal',
  'tools',
  'worktree',
  'turns',
  'unshown',
  'usage',
  'workspace',
] as const;

export type LazyPart = (typeof LAZY_PARTS)[number];

/** The lazily loaded part whose words `id` is, if it is one. */
export function partOf(id: string): LazyPart | undefined {
  const prefix = id.slice(0, id.indexOf('.'));
  return (LAZY_PARTS as readonly string[]).includes(prefix) ? (prefix as LazyPart) : undefined;
}
