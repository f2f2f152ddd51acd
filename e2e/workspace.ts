import { expect, type Locator, type Page } from '@playwright/test';

// The workspace panel as a person uses it, for the mock and the real-server journeys alike.

export class WorkspacePanel {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByRole('complementary', { name: 'Workspace' });
  }

  get summary(): Locator {
    return this.panel.getByRole('status').first();
  }

  async open() {
    await this.page.locator('.conversation-header').getByRole('button', { name: 'Workspace' }).click();
    await expect(this.panel).toBeVisible();
    // While its chunk loads, an empty busy panel holds its place.
    await expect(this.panel).not.toHaveAttribute('aria-busy', 'true');
  }

  /** The divider between the chat and the side area. */
  get divider(): Locator {
    return this.page.getByRole('separator', { name: 'Resize the workspace' });
  }

  /** Its width now; 0 while it is not drawn (a poll then asks again). */
  async width(): Promise<number> {
    return (await this.panel.boundingBox())?.width ?? 0;
  }

  tab(name: 'Changes' | 'Commits' | 'Terminal' | 'Browser' | 'Tasks'): Locator {
    return this.panel.getByRole('tab', { name });
  }

  /** The Changes tab's Commit form. */
  get commitForm(): Locator {
    return this.panel.getByRole('form', { name: 'Commit the changes' });
  }

  /** Commits with the form's message, and waits for the commit it says it made. */
  async commit(): Promise<void> {
    await this.commitForm.getByRole('button', { name: 'Commit' }).click();
    await expect(this.commitForm.getByRole('status')).toContainText(/^Committed [0-9a-f]{7,}\.$/);
  }

  /** Asks for a pull request from a repository without a remote, and is told why there is none. */
  async expectNoPullRequestWithoutRemote(): Promise<void> {
    await this.commitForm.getByRole('button', { name: 'Open pull request' }).click();
    await expect(
      this.commitForm
        .getByRole('status')
        .filter({ hasText: 'No pull request from here: the repository has no remote named origin.' }),
    ).toBeVisible();
  }

  /** The Terminal tab's screen: the agent's commands and what they printed. */
  get terminal(): Locator {
    return this.panel.getByRole('log', { name: 'The agent’s commands' });
  }

  /** Each command on the Terminal tab with what is said under it ("exit code 1", "running…"). */
  terminalCommands(): Promise<string[]> {
    return commandLines(this.terminal, '.terminal-status');
  }

  /** The Terminal tab's other screen: the commands the person ran themselves. */
  get shell(): Locator {
    return this.panel.getByRole('log', { name: 'Your commands' });
  }

  get shellField(): Locator {
    return this.panel.getByRole('textbox', { name: 'Command', exact: true });
  }

  /** Types a command into the person's shell and runs it; the field empties once the server took it. */
  async runInShell(command: string) {
    await this.shellField.fill(command);
    await this.shellField.press('Enter');
    await expect(this.shellField).toHaveValue('');
  }

  /** Each of the person's commands with how it ended ("running…", "exit code 1", "stopped"). */
  shellCommands(): Promise<string[]> {
    return commandLines(this.shell, '.terminal-outcome');
  }

  /** The agent's task list in the Tasks tab, in its order. */
  get plan(): Locator {
    return this.panel.getByRole('list', { name: 'The agent’s task list' });
  }

  /** Each task as "<status> <title>" (notes left out), in the plan's order. */
  async tasks(): Promise<string[]> {
    return this.plan
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map(
          (item) =>
            `${item.querySelector('.plan-status')?.textContent ?? ''} ${item.querySelector('.plan-title')?.textContent ?? ''}`,
        ),
      );
  }

  /** A changed file's row in the list (by its path as shown). */
  file(path: string): Locator {
    return this.panel
      .locator('.changed-file')
      .filter({ has: this.page.locator('.change-path', { hasText: path }) });
  }

  diff(path: string): Locator {
    return this.panel.getByRole('table', { name: `Diff of ${path}` });
  }

  /** The rows of a diff as text: "@@ … @@", "+line", "-line", " line" (only the rows drawn). */
  async diffLines(table: Locator): Promise<string[]> {
    // The table is drawn once the diff is read and worked out: its rows are read after that, not
    // before (a read then finds none, which a loaded run showed twice).
    await table.locator('[role=row]').first().waitFor();
    return table.locator('[role=row]').evaluateAll((rows) =>
      rows.map((row) => {
        if (row.classList.contains('diff-hunk')) return row.textContent ?? '';
        const code = row.querySelector('.diff-code');
        const sign = code?.classList.contains('diff-add')
          ? '+'
          : code?.classList.contains('diff-del')
            ? '-'
            : ' ';
        return sign + (code?.getAttribute('aria-label')?.replace(/^\w+: /, '') ?? '');
      }),
    );
  }
}

/**
 * Waits until each of the panel's `files` changed files says what changed in it: its line
 * counts, or why it has none. The list is drawn first and each file's counts after its diff is
 * read and counted, the 50,000-line CSV's last; a picture taken in between (a loaded CI showed
 * one) lacks that row's "+50000 −0". Takes the panel, named in whatever language is spoken.
 */
export async function expectEveryChangeCounted(panel: Locator, files: number): Promise<void> {
  await expect(panel.locator('.changed-file .diff-counts')).toHaveCount(files);
}

/** A terminal screen's commands, each with the words under it: "$ make test · exit code 2". */
function commandLines(screen: Locator, outcome: string): Promise<string[]> {
  return screen
    .locator('.terminal-entry')
    .evaluateAll(
      (entries, outcome) =>
        entries.map((entry) =>
          [entry.querySelector('.terminal-command')?.textContent, entry.querySelector(outcome)?.textContent]
            .filter(Boolean)
            .join(' · '),
        ),
      outcome,
    );
}
