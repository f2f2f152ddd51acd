import { expect, type Page } from '@playwright/test';

// What this browser keeps of conversations (IndexedDB `tether-copy`), read as the app wrote it:
// shared by the mock and real-server journeys of the browser's copy.

export interface CopiedConversationSeen {
  server: string;
  conversation: string;
  listed?: { title?: string | null };
  eventIds: string[];
  /** The socket's seq kept with the newest event, while that event is still the newest. */
  resumeSeq?: number;
}

/** Every conversation the browser's copy holds, with its events' ids in log order. */
export function copiedConversations(page: Page): Promise<CopiedConversationSeen[]> {
  return page.evaluate(
    () =>
      new Promise<CopiedConversationSeen[]>((resolve, reject) => {
        const opening = indexedDB.open('tether-copy');
        // Reading must not make the database (the app would find it without its stores): when
        // there is none yet, the copy holds nothing.
        let none = false;
        opening.onupgradeneeded = () => {
          none = true;
          opening.transaction?.abort();
        };
        opening.onerror = () => (none ? resolve([]) : reject(opening.error));
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('conversations')) {
            db.close();
            resolve([]);
            return;
          }
          const tx = db.transaction(['conversations', 'events']);
          const metas = tx.objectStore('conversations').getAll();
          const events = tx.objectStore('events').getAll();
          tx.oncomplete = () => {
            db.close();
            const rows = events.result as {
              server: string;
              conversation: string;
              position: number;
              id: string;
            }[];
            resolve(
              (
                metas.result as {
                  server: string;
                  conversation: string;
                  listed?: { title?: string | null };
                  highId: string;
                  resume?: { eventId: string; seq: number };
                }[]
              ).map((meta) => ({
                server: meta.server,
                conversation: meta.conversation,
                listed: meta.listed,
                resumeSeq: meta.resume?.eventId === meta.highId ? meta.resume.seq : undefined,
                eventIds: rows
                  .filter((row) => row.server === meta.server && row.conversation === meta.conversation)
                  .sort((a, b) => a.position - b.position)
                  .map((row) => row.id),
              })),
            );
          };
        };
      }),
  );
}

/** The ids of a conversation's events in the copy; empty when it holds none. */
export async function copiedEventIds(page: Page, conversationId: string): Promise<string[]> {
  const all = await copiedConversations(page);
  return all.find((held) => held.conversation === conversationId)?.eventIds ?? [];
}

/** Waits until the copy holds the conversation with at least these events. */
export async function expectCopied(page: Page, conversationId: string, eventIds: readonly string[]) {
  await expect
    .poll(async () => {
      const held = new Set(await copiedEventIds(page, conversationId));
      return held.size > 0 && eventIds.every((id) => held.has(id));
    })
    .toBe(true);
}

/** Waits until the copy holds the conversation under this title (what the list and header show offline). */
export async function expectCopiedTitle(page: Page, conversationId: string, title: string) {
  await expect
    .poll(async () => (await copiedConversations(page)).find((held) => held.conversation === conversationId))
    .toMatchObject({ listed: { title } });
}

/** The event ids shown, each once: a row's id and the ids of steps folded inside it. */
export async function shownEventIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-event-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id')!));
}

/** The mock's next start holds REST requests matching `pattern` until released, or is away. */
export async function nextStartHolds(page: Page, pattern: string) {
  await page.evaluate((held) => sessionStorage.setItem('tether.mock-hold', held), pattern);
}
export async function nextStartIsAway(page: Page, away: boolean) {
  await page.evaluate(
    (down) =>
      down ? sessionStorage.setItem('tether.mock-down', '1') : sessionStorage.removeItem('tether.mock-down'),
    away,
  );
}

/** The session socket's seq the copy keeps with its newest event (undefined: none kept). */
export async function copiedResumeSeq(page: Page, conversationId: string): Promise<number | undefined> {
  return (await copiedConversations(page)).find((held) => held.conversation === conversationId)?.resumeSeq;
}

/**
 * Until this browser keeps how the open conversation looks, for its address's next load
 * (keptPaint.ts); the newest row it shows.
 */
export async function expectLookKept(page: Page): Promise<string> {
  const kept = () =>
    page.evaluate(() => {
      const paint = localStorage.getItem(`tether.paint:${location.pathname}${location.search}`);
      return paint ? (JSON.parse(paint) as { newest: string }).newest : undefined;
    });
  await expect.poll(kept, { timeout: 15_000 }).toBeTruthy();
  return (await kept())!;
}

/** What index.html painted from the kept look as this page loaded: the newest row it showed. */
export function keptLookPainted(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      (performance.getEntriesByName('tether:kept-paint')[0] as PerformanceMark | undefined)?.detail?.newest,
  );
}
