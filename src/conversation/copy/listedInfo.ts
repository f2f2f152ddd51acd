// What a list row shows of a conversation, and nothing else: the copy keeps this much of each
// conversation's info, and of each server's list, never its agent's settings.

/** The fields of a conversation's info that the list shows; the rest (its agent's key) stays out. */
export interface ListedInfo {
  id: string;
  title?: string | null;
  execution_status?: string;
  created_at?: string;
  updated_at?: string;
  parent_conversation_id?: string | null;
}

const LISTED_FIELDS = [
  'title',
  'execution_status',
  'created_at',
  'updated_at',
  'parent_conversation_id',
] as const;

export function listedInfo(info: unknown): ListedInfo | undefined {
  if (typeof info !== 'object' || info === null || typeof (info as { id?: unknown }).id !== 'string')
    return undefined;
  const source = info as Record<string, unknown>;
  const listed: Record<string, unknown> = { id: source.id };
  for (const field of LISTED_FIELDS)
    if (typeof source[field] === 'string' || source[field] === null) listed[field] = source[field];
  return listed as unknown as ListedInfo;
}
