import { expect, type Locator, type Page } from '@playwright/test';
import { inEveryLanguage } from './app';

// Page object for the branches of a conversation: the versions of a message, Edit, Regenerate
// and Fork, found as a person finds them (by the words on screen and the buttons' names).

export class Branches {
  constructor(readonly page: Page) {}

  get log(): Locator {
    return this.page.getByRole('log', { name: inEveryLanguage('transcript.log') });
  }

  /** The message (or reply) row that shows these words. */
  row(text: string | RegExp): Locator {
    return this.log.locator('.chat-row[data-event-id]').filter({ hasText: text });
  }

  /** The person's own message with these words (the agent's thinking may quote it). */
  request(text: string | RegExp): Locator {
    return this.log.locator('.chat-row.from-user[data-event-id]').filter({ hasText: text });
  }

  /** "2 / 3": which version of the message this row shows. */
  versions(row: Locator): Locator {
    return row.getByRole('group', { name: 'Versions' }).locator('.branch-place');
  }

  async previous(row: Locator) {
    await row.getByRole('button', { name: 'Previous version' }).click();
  }

  async next(row: Locator) {
    await row.getByRole('button', { name: 'Next version' }).click();
  }

  /** Edits a message in place and sends it: a new branch from the message before it. */
  async edit(row: Locator, text: string) {
    await row.hover();
    await row.getByRole('button', { name: 'Edit', exact: true }).click();
    const box = this.page.getByRole('textbox', { name: 'Edited message' });
    await expect(box).toBeFocused();
    await box.fill(text);
    await this.page.getByRole('button', { name: 'Send edited message' }).click();
  }

  async regenerate() {
    await this.page.getByRole('button', { name: 'Regenerate' }).click();
  }

  async forkFrom(row: Locator) {
    await row.hover();
    await row.getByRole('button', { name: 'Fork from here' }).click();
  }

  /** The text of each message on screen, in order (what the active branch says). */
  async messages(): Promise<string[]> {
    return this.log
      .locator('.chat-row.message[data-event-id] .markdown')
      .evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim()));
  }
}
