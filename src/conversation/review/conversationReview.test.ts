// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConversationReview, type NewComment } from './conversationReview';
import { reviewShelf, TabShelf } from './reviewKeeping';
import { EventCopy } from '../copy/eventCopy';

const S = 'http://127.0.0.1:8000';
const comment = (words: string): NewComment => ({
  path: '/w/a.py',
  shownPath: 'a.py',
  lines: [{ kind: 'add', text: 'x = 1', newNumber: 1 }],
  shownText: 'x = 1\n',
  words,
});
const message = (id: string, text: string) =>
  ({
    id,
    kind: 'MessageEvent',
    timestamp: '2026-11-29T10:00:00',
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text }] },
  }) as never;

async function loaded(review: ConversationReview) {
  await new Promise<void>((resolve) => {
    if (review.store.getState().loaded) resolve();
    const stop = review.store.subscribe((state) => {
      if (!state.loaded) return;
      stop();
      resolve();
    });
  });
  return review;
}

describe('a conversation’s review, kept in this browser', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('finds its comments as they were when the page is opened again', async () => {
    const shelf = reviewShelf();
    const first = await loaded(new ConversationReview(S, 'c1', shelf));
    const made = first.add(comment('Why one?'));
    first.add(comment('Name it.'));
    first.edit(made.id, 'Why not two?');
    first.sending([made.id], 'the review');
    await first.settled();
    first.close();

    const again = await loaded(new ConversationReview(S, 'c1', shelf));
    expect(again.comments.map((c) => [c.words, c.delivery.kind])).toEqual([
      ['Why not two?', 'sending'],
      ['Name it.', 'draft'],
    ]);
    // Another conversation's are its own.
    expect((await loaded(new ConversationReview(S, 'c2', shelf))).comments).toEqual([]);

    // The server holds the message: the comment in it is sent.
    again.noteEvents([message('m1', 'other'), message('m2', 'the review')]);
    expect(again.comments[0]!.delivery).toMatchObject({ kind: 'sent', eventId: 'm2', round: 1 });
    again.remove([again.comments[1]!.id]);
    await again.settled();
    expect((await loaded(new ConversationReview(S, 'c1', shelf))).comments).toHaveLength(1);

    // Deleted, the conversation's copy goes with its comments.
    await (await EventCopy.open())!.forget(S, 'c1', { reviews: true });
    expect((await loaded(new ConversationReview(S, 'c1', shelf))).comments).toEqual([]);
  });

  it('lasts only as long as the tab where the browser keeps nothing, and says so', async () => {
    const review = await loaded(new ConversationReview(S, 'c1', Promise.resolve(new TabShelf())));
    expect(review.store.getState().lasting).toBe(false);
    review.add(comment('Kept here.'));
    review.unsend([review.comments[0]!.id]);
    expect(review.comments[0]!.delivery.kind).toBe('draft');
  });
});
