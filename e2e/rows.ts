import { expect, type Page } from '@playwright/test';

/** Kinds the server persists that are not chat rows (they drive the status, or are bookkeeping). */
export const NOT_SHOWN_KINDS = [
  'ConversationStateUpdateEvent',
  'SystemPromptEvent',
  'Condensation',
  'StreamingDeltaEvent',
];

/**
 * The screen shows exactly the given persisted events: each one somewhere, none in two rows.
 * (Short conversations only: the list is virtualised.)
 */
export async function expectRowsShow(page: Page, events: { id: string; kind: string }[]) {
  const expected = events
    .filter((e) => !NOT_SHOWN_KINDS.includes(e.kind))
    .map((e) => e.id)
    .sort();
  const shown = await page.evaluate(() => {
    const ids = (selector: string) =>
      [...document.querySelectorAll(selector)].map((el) => el.getAttribute('data-event-id')!);
    return { rows: ids('.chat-row[data-event-id]'), all: [...new Set(ids('[data-event-id]'))].sort() };
  });
  expect(new Set(shown.rows).size, 'no row shows an event twice').toBe(shown.rows.length);
  expect(shown.all).toEqual(expected);
}
