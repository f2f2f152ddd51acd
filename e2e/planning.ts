import { expect, type Locator, type Page } from '@playwright/test';
import type { Tether } from './app';
import { openTools } from './tools';

// "Plan first", as a person uses it: the choice at the start, the plan above the composer, and
// the answers to it. Shared by the mock and the real-server journeys.

export class PlanFirst {
  constructor(private readonly page: Page) {}

  /** From the home screen: a "Plan first" conversation started, its plan written; its id. */
  async startPlan(app: Tether, request: string): Promise<string> {
    await app.open();
    await app.setAgentTiming(5, 100);
    await this.choose();
    const id = await app.startConversation(request);
    await app.expectStatus('finished');
    await expect(this.document).toContainText(request);
    return id;
  }

  /** Ticks "Plan first" in the new conversation's form. */
  async choose(): Promise<void> {
    await this.page.getByRole('checkbox', { name: 'Plan first' }).check();
  }

  /** The dialog that plans an open conversation's next turn. */
  get nextTurnDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Plan the next turn first' });
  }

  /** From an open conversation's menu: the next turn planned first, in a child conversation. */
  async planNextTurn(request: string): Promise<void> {
    await (await openTools(this.page)).getByRole('button', { name: 'Plan the next turn first…' }).click();
    await this.nextTurnDialog.getByLabel('What should the next turn do?').fill(request);
  }

  async startPlanning(): Promise<void> {
    await this.nextTurnDialog.getByRole('button', { name: 'Start planning' }).click();
    await expect(this.nextTurnDialog).toBeHidden();
  }

  /** Above a conversation's composer: where its next turn is being planned. */
  get nextTurnPlans(): Locator {
    return this.page.getByRole('list', { name: 'Plan the next turn first' });
  }

  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Plan', exact: true });
  }

  get document(): Locator {
    return this.panel.getByRole('document', { name: 'The plan (PLAN.md)' });
  }

  button(
    name: 'Approve and build' | 'Ask for changes…' | 'Discard' | 'Reopen' | 'Send to the planning agent',
  ): Locator {
    return this.panel.getByRole('button', { name });
  }

  /** Asks the planning agent for changes to the plan. */
  async revise(changes: string): Promise<void> {
    await this.button('Ask for changes…').click();
    await this.panel.getByLabel('What should change in the plan?').fill(changes);
    await this.button('Send to the planning agent').click();
  }

  /** Asks another model for its view of the plan. */
  async askSecondOpinion(model: string): Promise<void> {
    await this.panel.getByRole('button', { name: 'Second opinion…' }).click();
    await this.panel.getByLabel('Model for the second opinion').fill(model);
    await this.panel.getByRole('button', { name: 'Ask for a second opinion' }).click();
  }

  /** The newest second opinion, beside the plan. */
  get opinion(): Locator {
    return this.panel.getByRole('region', { name: 'Second opinion' });
  }

  async approve(): Promise<void> {
    await expect(this.button('Approve and build')).toBeEnabled({ timeout: 20_000 });
    await this.button('Approve and build').click();
  }
}
