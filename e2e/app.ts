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

  listItem(conversationId: string): Locator {
    return this.list.locator(`li[data-conversation-id="${conversationId}"]`);
  }

  async openConnectionSettings() {
    await this.page.getByRole('button', { name: 'Connection settings' }).click();
  }
}
