import { create } from 'zustand';

// How many conversations, on every server, wait for the person's approval elsewhere than the
// open one: the inbox counts them, the tab title says it.

export const attention = create<{ waitingElsewhere: number }>(() => ({ waitingElsewhere: 0 }));
