import { expect, type Locator, type Page } from '@playwright/test';

// Page object for Tether: locators by role and label, as a person (or a screen reader) finds
// things; data-* attributes only where the DOM contract defines them.

export const SEEDED = {
  parser: '3f1c2a4e-0000-4000-8000-000000000001',
  parallel: '3f1c2a4e-0000-4000-8000-000000000002',
  crash: '3f1c2a4e-0000-4000-8000-000000000003',
  interrupted: '3f1c2a4e-0000-4000-8000-000000000004',
  llmError: '3f1c2a4e-0000-4000-8000-000000000005',
  restart: '3f1c2a4e-0000-4000-8000-000000000006',
  long: '3f1c2a4e-0000-4000-8000-000000000007',
  oddities: '3f1c2a4e-0000-4000-8000-000000000008',
  gallery: '3f1c2a4e-0000-4000-8000-000000000009',
} as const;

export class Tether {
  constructor(readonly page: Page) {}

  get list(): Locator {
    return this.page.getByRole('navigation', { name: 'Conversations' });
  }
  get log(): Locator {
    return this.page.getByRole('log', { name: 'Conversation' });
  }
  get scroller(): Locator {
    return this.page.locator('.chat-scroll');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.getByText(/Connected|Unreachable|Wrong session API key/)).toBeVisible();
  }

  async openConversation(id: string) {
    await this.open(`/conversations/${id}`);
    await expect(this.log.locator('[data-event-id]').first()).toBeVisible();
  }

  card(toolCallIdOrText: string | RegExp): Locator {
    return typeof toolCallIdOrText === 'string'
      ? this.page.locator(`[data-tool-call-id="${toolCallIdOrText}"]`)
      : this.page.locator('[data-tool-call-id]').filter({ hasText: toolCallIdOrText });
  }

  /** No spinner anywhere, and no card that claims to run. */
  async expectNothingRunning() {
    await expect(this.page.locator('[data-state="running"]')).toHaveCount(0);
    await expect(this.page.locator('.spinner')).toHaveCount(0);
  }

  /** Pace of the mock agent: delay between streamed tokens, and how long a tool runs. */
  async setAgentTiming(tokenMs: number, toolMs: number) {
    await this.page.evaluate(
      ([t, u]) => (window.__tetherMock!.agent.timing = { tokenMs: t!, toolMs: u! }),
      [tokenMs, toolMs],
    );
  }

  async mock<T>(fn: (server: NonNullable<Window['__tetherMock']>) => T): Promise<T> {
    return this.page.evaluate(`(${fn.toString()})(window.__tetherMock)`) as Promise<T>;
  }

  async startConversation(text: string): Promise<string> {
    await this.page.getByLabel('What should the agent do?').fill(text);
    await this.page.getByRole('button', { name: 'Start conversation' }).click();
    await expect(this.page).toHaveURL(/\/conversations\/[\w-]+$/);
    return this.page.url().split('/').at(-1)!;
  }

  get status(): Locator {
    return this.page.locator('.conversation-header [data-status]');
  }

  get streaming(): Locator {
    return this.page.locator('.streaming');
  }

  get composer(): Locator {
    return this.page.getByLabel('Message to the agent');
  }

  async expectStatus(status: string) {
    await expect(this.status).toHaveAttribute('data-status', status, { timeout: 20_000 });
  }

  /**
   * Every persisted event the mock holds for the conversation is on screen, and no row shows an
   * event twice. (Short conversations only: the list is virtualised.)
   */
  async expectRowsMatchServer(conversationId: string) {
    const hidden = [
      'ConversationStateUpdateEvent',
      'SystemPromptEvent',
      'Condensation',
      'StreamingDeltaEvent',
    ];
    const expected = await this.page.evaluate(
      ([id, skip]) =>
        window
          .__tetherMock!.store.get(id as string)!
          .events.filter((e) => !(skip as string[]).includes(e.kind))
          .map((e) => e.id)
          .sort(),
      [conversationId, hidden] as const,
    );
    const shown = await this.page.evaluate(() => {
      const rows = [...document.querySelectorAll('.chat-row[data-event-id]')].map((el) =>
        el.getAttribute('data-event-id')!,
      );
      const all = [...document.querySelectorAll('[data-event-id]')].map((el) =>
        el.getAttribute('data-event-id')!,
      );
      return { rows, all: [...new Set(all)].sort() };
    });
    expect(new Set(shown.rows).size, 'no row shows an event twice').toBe(shown.rows.length);
    expect(shown.all).toEqual(expected);
  }

  listItem(conversationId: string): Locator {
    return this.list.locator(`li[data-conversation-id="${conversationId}"]`);
  }

  async openConnectionSettings() {
    await this.page.getByRole('button', { name: 'Connection settings' }).click();
  }
}
