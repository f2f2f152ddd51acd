// What Tether does when a run ends with a message unanswered: ask the agent to answer it by
// itself (the default), or offer the person a button first. Kept in this browser. Plain
// localStorage, not a store: the live session reads it once per missed message, and the
// setting's checkbox is the only writer.

export type MissedAnswerMode = 'ask-agent' | 'offer';

const KEY = 'tether.missed-answer';

export function missedAnswerMode(): MissedAnswerMode {
  try {
    return localStorage.getItem(KEY) === 'offer' ? 'offer' : 'ask-agent';
  } catch {
    return 'ask-agent';
  }
}

export function setMissedAnswerMode(mode: MissedAnswerMode): void {
  try {
    localStorage.setItem(KEY, mode);
  } catch {
    // Storage refused: the default holds.
  }
}
