import { eventLogFor } from '../eventLog';
import { browserCopy, PAINTED_FROM_COPY } from './browserCopy';
import type { CopyRead } from './eventCopy';
import { copyKept } from './copyHint';
import { resumeSeqOf } from './copyResume';

// The copy of the conversation an address opens, read and painted into its event log before the
// app's first render (and before the built-in mock starts): by the time the view draws, its rows
// are there. The keeper of the opening (copyKeeper.ts) takes the read from here and judges it
// when the server's page comes, as it does a copy it read itself; its seq tells the session's
// socket where to resume.

/**
 * The keeper of an open conversation's copy: its code comes with the copy's, after the first
 * paint (or at once, when an opening paints from the copy). Asked for here rather than beside the
 * copy itself (browserCopy.ts), which the keeper reads from.
 */
export const loadCopyKeeper = () => import('./copyKeeper');

const early = new Map<string, Promise<CopyRead | undefined>>();
const key = (server: string, conversation: string) => `${server}\u0000${conversation}`;

export function paintCopyEarly(server: string, conversation: string): void {
  // Nothing kept yet: the copy's code is left for when the page is idle.
  if (!copyKept()) return;
  void loadCopyKeeper();
  early.set(
    key(server, conversation),
    browserCopy()
      .then((copy) => copy?.newest(server, conversation, PAINTED_FROM_COPY))
      .then((read) => {
        if (read) {
          const log = eventLogFor(server, conversation);
          log.ingest(read.events);
          if (read.meta.head !== undefined) log.setHead(read.meta.head, { from: 'copy' });
        }
        return read;
      })
      .catch(() => undefined),
  );
}

/** The early read of this conversation's copy, if one was made and not yet used. */
export const earlyCopy = (server: string, conversation: string) => early.get(key(server, conversation));

/**
 * The seq the conversation's socket may resume after, from the copy's early read: undefined when
 * nothing is kept, a promise (of undefined when the copy keeps no seq) otherwise. A conversation
 * opened from inside the app had no early read: it is made now, and the keeper takes it as well.
 */
export function copyResumeSeq(server: string, conversation: string): Promise<number | undefined> | undefined {
  if (!early.has(key(server, conversation))) paintCopyEarly(server, conversation);
  return early.get(key(server, conversation))?.then((read) => resumeSeqOf(read?.meta));
}

/** The opening used it: a later opening reads the copy afresh. */
export const earlyCopyUsed = (server: string, conversation: string) =>
  early.delete(key(server, conversation));
