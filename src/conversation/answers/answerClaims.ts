// The messages Tether has asked the agent to answer, kept in this browser so that two tabs on one
// conversation, or a reload just after asking, never ask twice for the same message.

const KEY = 'tether.answers-asked';
/** Enough to cover every conversation open at once; an old claim is of no use. */
const KEPT = 100;

const claimed = new Set<string>();

function stored(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Claims the request for this message's answer; false when it was claimed before. */
export function claimAnswerRequest(messageId: string): boolean {
  if (claimed.has(messageId)) return false;
  claimed.add(messageId);
  if (typeof localStorage === 'undefined') return true;
  const ids = stored();
  if (ids.includes(messageId)) return false;
  try {
    localStorage.setItem(KEY, JSON.stringify([...ids, messageId].slice(-KEPT)));
  } catch {
    // Storage full or refused: this tab's claim still holds.
  }
  return true;
}
