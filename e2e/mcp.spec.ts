import { expect, test } from './test';
import { Tether } from './app';
import { expectAccessible } from './axe';
import { McpDialog } from './mcp';

// A server's MCP servers: tested before they are kept, listed without their values, edited,
// turned off and on, removed, and given to every new conversation on that server.

/** The agent's `mcp_config` in the last conversation started on the mock. */
const startedWith = (app: Tether) =>
  app.mock(
    (m) =>
      (
        m.store.received.filter((r) => r.method === 'POST' && r.path === '/api/conversations').at(-1)
          ?.body as { agent?: { mcp_config?: unknown } } | undefined
      )?.agent?.mcp_config ?? null,
  );

test('add an MCP server after testing it, edit it keeping its variables, and new conversations get its tools', async ({
  page,
}) => {
  const app = new Tether(page);
  const mcp = new McpDialog(page);
  await app.open();
  await mcp.openFor('Built-in mock');
  await expect(mcp.dialog.getByText('No MCP servers yet.')).toBeVisible();
  await expectAccessible(page, 'the MCP servers dialog, empty');

  // One that cannot start: the server's reason, and nothing is kept.
  await mcp.fillNew('broken', { command: 'no-such-mcp' });
  await expect(await mcp.testForm()).toHaveText(
    "Could not connect: Client failed to connect: [Errno 2] No such file or directory: 'no-such-mcp'",
  );
  await expectAccessible(page, 'the MCP servers dialog, a failed test');
  await mcp.form.getByRole('button', { name: 'Cancel' }).click();

  // One that works: its tools before it is kept.
  await mcp.fillNew('docs', {
    command: 'tether-mock-mcp',
    args: ['--root', '/workspace'],
    env: ['DOCS_TOKEN=abc123'],
  });
  const tested = await mcp.testForm();
  await expect(tested).toContainText('Connected. It offers 2 tools:');
  await expect(tested.getByRole('list', { name: 'Tools it offers' }).getByRole('listitem')).toHaveText([
    'search_docs',
    'read_doc',
  ]);
  await mcp.save();
  await expect(mcp.entry('docs')).toContainText('tether-mock-mcp --root /workspace');
  await expect(mcp.entry('docs')).toContainText('Variables: DOCS_TOKEN');
  expect(await page.content()).not.toContain('abc123');

  // A name taken is said before anything is sent.
  await mcp.fillNew('docs', { command: 'tether-mock-mcp' });
  await mcp.form.getByRole('button', { name: 'Save MCP server' }).click();
  await expect(mcp.form.getByRole('textbox', { name: /^Name\b/ })).toHaveJSProperty(
    'validationMessage',
    'docs is stored already: use its Edit button.',
  );
  await mcp.form.getByRole('textbox', { name: /^Name\b/ }).press('Escape');
  await expect(mcp.form).toBeHidden();

  // The stored one tried as stored, its variable included though the page never had it.
  await mcp.entry('docs').getByRole('button', { name: 'Test docs' }).click();
  await expect(mcp.entry('docs').getByRole('status')).toContainText('Connected. It offers 2 tools:');

  // Edited with its variables left as they are.
  await mcp.entry('docs').getByRole('button', { name: 'Edit docs' }).click();
  await expect(mcp.form).toContainText('Leave empty to keep the stored variables (DOCS_TOKEN)');
  await mcp.form
    .getByRole('textbox', { name: 'Arguments, one per line', exact: true })
    .fill('--root\n/elsewhere');
  await mcp.save();
  await expect(mcp.entry('docs')).toContainText('tether-mock-mcp --root /elsewhere');

  // Off, then on again.
  await mcp.entry('docs').getByRole('button', { name: 'Turn off docs' }).click();
  await expect(mcp.entry('docs')).toContainText('· off');
  await mcp.entry('docs').getByRole('button', { name: 'Turn on docs' }).click();
  await expect(mcp.entry('docs')).not.toContainText('· off');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'the MCP servers dialog (dark)', 'colours');
  await page.emulateMedia({ colorScheme: 'light' });
  await mcp.close();
  await app.closeServers();

  await app.startConversation('Look it up in the docs');
  expect(await startedWith(app)).toEqual({
    docs: {
      transport: 'stdio',
      command: 'tether-mock-mcp',
      args: ['--root', '/elsewhere'],
      env: { DOCS_TOKEN: 'abc123' },
      enabled: true,
    },
  });

  // From the palette after a reload: removed, and the next conversation has none.
  await page.reload();
  await expect(app.heading).toHaveText('Look it up in the docs');
  await app.runFromPalette('MCP', 'MCP servers');
  await expect(mcp.entry('docs')).toBeVisible();
  await mcp.entry('docs').getByRole('button', { name: 'Remove docs' }).click();
  await mcp.dialog
    .getByRole('group', { name: 'Remove docs?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(mcp.dialog.getByText('No MCP servers yet.')).toBeVisible();
  await mcp.close();
  await page.getByRole('link', { name: 'New conversation' }).click();
  await app.startConversation('Nothing to look up');
  expect(await startedWith(app)).toBeNull();
});

test('an HTTP MCP server: its headers kept apart, a bad address refused, on a phone', async ({ page }) => {
  const app = new Tether(page);
  const mcp = new McpDialog(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open();
  await mcp.openFor('Built-in mock');
  await mcp.fillNew('web', { url: 'mock-mcp.localhost/mcp' });
  await mcp.form.getByRole('button', { name: 'Test' }).click();
  await expect(mcp.form.getByRole('textbox', { name: 'Address', exact: true })).toHaveJSProperty(
    'validationMessage',
    'Give the server’s address, starting with http:// or https://.',
  );
  await mcp.fillSpec({ url: 'http://mock-mcp.localhost/mcp', headers: ['Authorization: Bearer sk-web'] });
  await expect(await mcp.testForm()).toContainText('Connected. It offers 2 tools:');
  await mcp.save();
  await expect(mcp.entry('web')).toContainText('Headers: Authorization');
  expect(await app.mock((m) => m.store.mcp.config(true))).toEqual({
    web: {
      transport: 'http',
      url: 'http://mock-mcp.localhost/mcp',
      headers: { Authorization: 'Bearer sk-web' },
      enabled: true,
    },
  });
  expect(await page.content()).not.toContain('sk-web');
  await expectAccessible(page, 'the MCP servers dialog on a phone');
});
