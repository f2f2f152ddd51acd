import { expect, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectRowsShow, summarise } from './rows';
import { closeTools, openTools } from './tools';
import { pseudoCatalogue } from '../src/i18n/compileCatalogue';

// Page object for Tether: locators by role and label, as a person (or a screen reader) finds
// things; data-* attributes only where the DOM contract defines them.

export { SEEDED } from '../mocks/fixtures';

const CATALOGUES = fileURLToPath(new URL('../src/i18n/catalogs', import.meta.url));
const catalogues: Record<string, string>[] = readdirSync(CATALOGUES).map((file) =>
  JSON.parse(readFileSync(`${CATALOGUES}/${file}`, 'utf8')),
);
// The pseudo-locale too, with its placeholders written back as `{name}`.
const written = (parts: unknown): string =>
  Array.isArray(parts)
    ? parts.map((part) => (typeof part === 'string' ? part : `{${String((part as unknown[])[0])}}`)).join('')
    : String(parts);
catalogues.push(
  Object.fromEntries(
    Object.entries(pseudoCatalogue(JSON.parse(readFileSync(`${CATALOGUES}/en.json`, 'utf8')))).map(
      ([id, parts]) => [id, written(parts)],
    ),
  ),
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message (one without placeholders) as any of Tether's languages says it: for names that must not depend on it. */
export const inEveryLanguage = (id: string): RegExp =>
  new RegExp(`^(${catalogues.map((catalogue) => escape(catalogue[id]!)).join('|')})$`);

/**
 * Text that holds one of these messages' words up to their first placeholder, in any of Tether's
 * languages: for a state shown with details ("Connected (server 1.58.2)").
 */
export const sayingInEveryLanguage = (...ids: string[]): RegExp =>
  new RegExp(
    catalogues
      .flatMap((catalogue) => ids.map((id) => escape(catalogue[id]!.split('{')[0]!.trim())))
      .join('|'),
  );

export class Tether {
  constructor(readonly page: Page) {}

  get list(): Locator {
    return this.page.getByRole('navigation', { name: inEveryLanguage('list.heading') });
  }
  get log(): Locator {
    return this.page.getByRole('log', { name: inEveryLanguage('transcript.log') });
  }
  get scroller(): Locator {
    return this.page.locator('.chat-scroll');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The header's word on the servers' health ("Real agent-server · Connected (server 1.58.2)"). */
  get serverHealth(): Locator {
    return this.page.getByRole('banner').getByRole('status').first();
  }

  async open(path = '/') {
    await this.page.goto(path);
    // The header has read every server's health, in whatever language the page speaks.
    await expect(this.serverHealth).toHaveText(
      sayingInEveryLanguage(
        'health.connected',
        'health.connectedVersion',
        'health.unreachable',
        'health.wrongKey',
      ),
    );
  }

  /** Opens the header's settings (theme, language), in whatever language the page speaks. */
  async openSettings(): Promise<Locator> {
    const settings = this.page.getByRole('group', { name: inEveryLanguage('settings.label') });
    if (!(await settings.isVisible()))
      await this.page
        .getByRole('banner')
        .getByRole('button', { name: inEveryLanguage('settings.label') })
        .click();
    await expect(settings).toBeVisible();
    return settings;
  }

  /** Chooses the language Tether speaks, by its own name ("Deutsch"), in the header's settings. */
  async chooseLanguage(name: string) {
    const settings = await this.openSettings();
    await settings
      .getByRole('combobox', { name: inEveryLanguage('language.label') })
      .selectOption({ label: name });
  }

  /** Opens a conversation of the page's servers; `query` as `?seed=bench` seeds the bench's. */
  async openConversation(id: string, query = '') {
    await this.open(`/conversations/${id}${query}`);
    await expect(this.log.locator('[data-event-id]').first()).toBeVisible();
    // The inbox beside it loads in the first idle moment: the screen is whole once it is in.
    await expect(this.page.locator('.conversation-list li a').first()).toBeAttached();
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
  async setAgentTiming(tokenMs: number, toolMs: number, firstTokenMs = 0) {
    await this.page.evaluate(
      ([t, u, f]) => (window.__tetherMock!.agent.timing = { tokenMs: t!, toolMs: u!, firstTokenMs: f! }),
      [tokenMs, toolMs, firstTokenMs],
    );
  }

  async mock<T>(fn: (server: NonNullable<Window['__tetherMock']>) => T): Promise<T> {
    return this.page.evaluate(`(${fn.toString()})(window.__tetherMock)`) as Promise<T>;
  }

  /** Runs a command from the palette (Ctrl+K): the words typed, the option they select. */
  async runFromPalette(words: string, expected: string) {
    const palette = this.page.getByRole('dialog', { name: 'Command palette' });
    await this.page.keyboard.press('ControlOrMeta+k');
    await expect(palette.getByRole('combobox')).toBeFocused();
    await this.page.keyboard.type(words);
    await expect(palette.getByRole('option', { selected: true })).toContainText(expected);
    await this.page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
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

  /** Every persisted event the mock holds for the conversation is on screen, none twice. */
  async expectRowsMatchServer(conversationId: string) {
    const events = await this.page.evaluate(
      (id) =>
        window.__tetherMock!.store.get(id)!.events.map((event) => {
          const { key, value } = event as { key?: unknown; value?: unknown };
          return { id: event.id, kind: event.kind, key, value: key === 'agent' ? value : undefined };
        }),
      conversationId,
    );
    await expectRowsShow(this.page, events.map(summarise));
  }

  /** A row's Rename or Delete button, shown as a mouse user sees it: on the open row, or when pointed at. */
  async itemButton(conversationId: string, name: 'Rename' | 'Delete'): Promise<Locator> {
    await this.listItem(conversationId).getByRole('link').hover();
    return this.listItem(conversationId).getByRole('button', { name: new RegExp(`^${name} `) });
  }

  listItem(conversationId: string): Locator {
    return this.list.locator(`li[data-conversation-id="${conversationId}"]`);
  }

  /** Loads more of the inbox, as often as it takes, until the conversation is in it. */
  async loadListUntil(conversationId: string) {
    const more = this.list.getByRole('button', { name: 'Load more conversations' });
    await expect(async () => {
      if (
        (await this.listItem(conversationId).count()) === 0 &&
        (await more.count()) > 0 &&
        (await more.isEnabled())
      )
        await more.click();
      await expect(this.listItem(conversationId)).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  }

  /** A conversation's status as its row in the inbox shows it (`data-status`: running, finished, …). */
  listStatus(conversationId: string): Locator {
    return this.listItem(conversationId).locator('[data-status]');
  }

  /** Chooses when the agent asks before acting, from the conversation's tools menu; waits for the save. */
  async setApproval(choice: 'Never ask' | 'Ask for risky actions' | 'Ask for every action') {
    const select = (await openTools(this.page)).getByRole('combobox', { name: 'Ask before actions' });
    await select.selectOption({ label: choice });
    await expect(select).toBeEnabled();
    await closeTools(this.page);
  }

  /** Asks before every action in an open conversation and waits until the (mock) server has it. */
  async askBeforeActions(conversationId: string) {
    await this.setApproval('Ask for every action');
    await expect
      .poll(() =>
        this.page.evaluate(
          (id) => window.__tetherMock!.store.get(id)!.info.confirmation_policy?.kind,
          conversationId,
        ),
      )
      .toBe('AlwaysConfirm');
  }

  /** Sends a message as a person does: typed, then Enter. */
  async send(text: string) {
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }

  get approveButton(): Locator {
    return this.page.getByRole('group', { name: 'Pending actions' }).getByRole('button', { name: 'Approve' });
  }

  /** Waits for the agent to ask, then approves what it asks for. */
  async approve() {
    await this.expectStatus('waiting_for_confirmation');
    await this.approveButton.click();
  }

  /** Rejects what waits for approval, with a reason for the agent or without one. */
  async reject(reason = '') {
    await this.expectStatus('waiting_for_confirmation');
    await this.page
      .getByRole('group', { name: 'Pending actions' })
      .getByRole('button', { name: 'Reject…' })
      .click();
    const form = this.page.getByRole('form', { name: 'Reject the pending actions' });
    await form.getByLabel(/^Why\?/).fill(reason);
    await form.getByRole('button', { name: 'Reject', exact: true }).click();
  }

  /** Opens every folded stretch of finished steps on screen, as a reader clicking each line. */
  async unfoldSteps() {
    const folded = this.log.locator('.stretch-toggle[aria-expanded="false"]');
    for (let count = await folded.count(); count > 0; count = await folded.count())
      await folded.first().click();
  }

  /**
   * A message's actions (Edit, Regenerate, Fork…) load once the first screen is drawn, and an
   * answer's sit under it: a screenshot taken before they came shows the answer a line shorter.
   * So does the inbox.
   */
  async expectMessageActionsLoaded() {
    await expect(
      this.log.getByRole('button', { name: inEveryLanguage('branches.fork') }).first(),
    ).toBeAttached();
    // The inbox loads in the same idle moment, beside (or, on a phone, behind) the conversation.
    // (Hidden in a closed drawer, it is out of the accessibility tree: found by its markup.)
    await expect(this.page.locator('.conversation-list li a').first()).toBeAttached();
  }

  async showEveryStep() {
    await this.page.getByRole('button', { name: 'Show every step' }).click();
    await expect(this.page.getByRole('button', { name: 'Fold finished steps' })).toBeVisible();
  }

  get serversDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Servers' });
  }

  /** One server's entry in the Servers dialog (its health, Test, Edit, Remove). */
  serverEntry(name: string): Locator {
    return this.serversDialog.getByRole('listitem', { name, exact: true });
  }

  async openServers() {
    if (await this.serversDialog.isVisible()) return;
    // In the header; on a phone, in the header's settings menu. The header's tools come in the
    // first idle moment: once Settings is there, so is Servers wherever it is.
    const banner = this.page.getByRole('banner');
    await expect(banner.getByRole('button', { name: inEveryLanguage('settings.label') })).toBeVisible();
    const inHeader = banner.getByRole('button', { name: 'Servers', exact: true });
    if (await inHeader.first().isVisible()) await inHeader.first().click();
    else await (await this.openSettings()).getByRole('button', { name: 'Servers', exact: true }).click();
    await expect(this.serversDialog).toBeVisible();
  }

  /** A server's settings dialog (Secrets, MCP servers), from the server's entry under Servers. */
  async openServerSettings(
    words: 'Secrets' | 'MCP servers' | 'Skills',
    serverName: string,
  ): Promise<Locator> {
    await this.openServers();
    await this.expectServersChecked();
    await this.serversDialog.getByRole('button', { name: `${words} of ${serverName}` }).click();
    const dialog = this.page.getByRole('dialog', { name: words });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.loading')).toHaveCount(0);
    return dialog;
  }

  async closeServers() {
    await this.serversDialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.serversDialog).toBeHidden();
  }

  /** Fills the open server form (Add or Edit) and saves it. */
  async saveServerForm(fields: { name?: string; url?: string; key?: string }) {
    const form = this.serversDialog.getByRole('form');
    if (fields.name !== undefined) await form.getByLabel('Name').fill(fields.name);
    if (fields.url !== undefined) await form.getByLabel('Server URL').fill(fields.url);
    if (fields.key !== undefined) await form.getByLabel('Session API key').fill(fields.key);
    await form.getByRole('button', { name: 'Save server' }).click();
    await expect(form).toBeHidden();
  }

  /**
   * Every server's health in the dialog has come. Until then an entry grows when its details
   * arrive (a real server lists twenty tools), moving the buttons below it under the pointer.
   */
  async expectServersChecked() {
    await expect(this.serversDialog.getByText('Checking…')).toHaveCount(0, { timeout: 30_000 });
  }

  async addServer(fields: { name: string; url: string; key?: string }) {
    await this.openServers();
    await this.serversDialog.getByRole('button', { name: 'Add server' }).click();
    await this.saveServerForm(fields);
    await expect(this.serverEntry(fields.name)).toBeVisible();
    await this.expectServersChecked();
  }

  async editServer(name: string, fields: { name?: string; url?: string; key?: string }) {
    await this.openServers();
    await this.expectServersChecked();
    await this.serversDialog.getByRole('button', { name: `Edit ${name}` }).click();
    await this.saveServerForm(fields);
    await this.expectServersChecked();
  }

  async removeServer(name: string) {
    await this.openServers();
    await this.expectServersChecked();
    await this.serversDialog.getByRole('button', { name: `Remove ${name}` }).click();
    await this.serversDialog
      .getByRole('group', { name: `Remove ${name}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(this.serverEntry(name)).toBeHidden();
  }
}
