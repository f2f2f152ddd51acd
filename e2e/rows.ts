import { expect, type Page } from '@playwright/test';

/** Kinds the server persists that are not chat rows (they drive the status, or are bookkeeping). */
const NOT_SHOWN_KINDS = [
  'ConversationStateUpdateEvent',
  'SystemPromptEvent',
  'CondensationRequest',
  'StreamingDeltaEvent',
];

/** What the row check needs of a persisted event: a state update that installs a model is a row. */
export interface EventSummary {
  id: string;
  kind: string;
  key?: unknown;
  model?: unknown;
}

export function summarise(event: { id: string; kind: string; key?: unknown; value?: unknown }): EventSummary {
  const value = event.value as { llm?: { model?: unknown } } | undefined;
  return { id: event.id, kind: event.kind, key: event.key, model: value?.llm?.model };
}

function isShown(event: EventSummary): boolean {
  if (event.kind === 'ConversationStateUpdateEvent')
    return event.key === 'agent' && typeof event.model === 'string';
  return !NOT_SHOWN_KINDS.includes(event.kind);
}

/**
 * The screen shows exactly the given persisted events: each one somewhere, none in two rows.
 * (Short conversations only: the list is virtualised.)
 */
export async function expectRowsShow(page: Page, events: EventSummary[]) {
  await withEveryStepShown(page, () => expectEveryEventOnce(page, events));
}

/**
 * Runs a check with every step drawn (folded steps are drawn only when shown), then folds them
 * back if they were folded, as a reader who wants to see everything would.
 */
async function withEveryStepShown<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const showEvery = page.getByRole('button', { name: 'Show every step' });
  const folding = await showEvery.isVisible();
  if (folding) {
    await showEvery.click();
    await expect(page.getByRole('button', { name: 'Fold finished steps' })).toBeVisible();
  }
  try {
    return await check();
  } finally {
    if (folding) await page.getByRole('button', { name: 'Fold finished steps' }).click();
  }
}

async function expectEveryEventOnce(page: Page, events: EventSummary[]) {
  const expected = events
    .filter(isShown)
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

/**
 * Walks the whole virtualised transcript from its first row to its last (loading every older
 * page through Jump to start) and says, for every persisted event, whether it is shown, and
 * which events more than one row shows.
 */
export function walkTranscript(
  page: Page,
  events: EventSummary[],
): Promise<{ lost: string[]; duplicated: string[]; shown: number; rows: number }> {
  return withEveryStepShown(page, () => walkEveryRow(page, events));
}

async function walkEveryRow(
  page: Page,
  events: EventSummary[],
): Promise<{ lost: string[]; duplicated: string[]; shown: number; rows: number }> {
  const scroller = page.locator('.chat-scroll');
  const start = page.getByRole('button', { name: 'Jump to start' });
  if (await start.isVisible()) await start.click();
  await expect(page.getByText('Beginning of the conversation')).toBeVisible({ timeout: 60_000 });
  await scroller.evaluate((el) => (el.scrollTop = 0));
  const rows = new Map<number, string[]>();
  for (let step = 0; step < 10_000; step++) {
    const view = await scroller.evaluate(async (el) => {
      // Wait until the rows drawn cover the whole viewport: a busy page draws a frame late.
      const covered = () => {
        const box = el.getBoundingClientRect();
        const slots = [...el.querySelectorAll<HTMLElement>('.chat-row-slot')].map((s) =>
          s.getBoundingClientRect(),
        );
        if (slots.length === 0) return false;
        const top = Math.min(...slots.map((r) => r.top));
        const bottom = Math.max(...slots.map((r) => r.bottom));
        const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
        return top <= box.top + 1 && (bottom >= box.bottom - 1 || atEnd);
      };
      for (let frame = 0; frame < 120 && !covered(); frame++)
        await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const slots = [...el.querySelectorAll<HTMLElement>('.chat-row-slot')].map((slot) => ({
        index: Number(slot.dataset.index),
        ids: [
          ...new Set(
            [...slot.querySelectorAll('[data-event-id]')].map((e) => e.getAttribute('data-event-id')!),
          ),
        ],
      }));
      const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
      // Half a screen a step: each row is seen in at least two views.
      el.scrollTop += Math.max(100, el.clientHeight * 0.5);
      return { slots, atEnd };
    });
    for (const slot of view.slots) rows.set(slot.index, slot.ids);
    if (view.atEnd) break;
  }
  const rowsShowing = new Map<string, number>();
  for (const ids of rows.values()) for (const id of ids) rowsShowing.set(id, (rowsShowing.get(id) ?? 0) + 1);
  const expected = events.filter(isShown).map((e) => e.id);
  const kindOf = new Map(events.map((e) => [e.id, e.kind]));
  return {
    lost: expected.filter((id) => !rowsShowing.has(id)).map((id) => `${id} (${kindOf.get(id)})`),
    duplicated: [...rowsShowing].filter(([, count]) => count > 1).map(([id]) => `${id} (${kindOf.get(id)})`),
    shown: rowsShowing.size,
    rows: rows.size,
  };
}
