import { expect, test, type Page } from './test';
import { PLANTED_SECRETS } from '../src/conversation/share/plantedSecrets';
import { Tether } from './app';
import { exportAs } from './exporting';
import { openShare, writeShare } from './sharing';

// Nothing that leaves the browser carries a secret (issue 42, point 1). A conversation holds a
// credential of every shape Tether knows, in its title, a message, a command's output, a file's
// name, a link's words and address, an image's alt text, and the model key this browser keeps;
// the shared copy, the Markdown export, every file name and the clipboard hold none of them.
// The JSON export is the server's events unchanged on purpose, and says so before it is written.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const MODEL_KEY = 'model-key-kept-in-this-browser-7731';
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The secret parts, whole and as a title cut them (their first half). */
const SECRETS = [...PLANTED_SECRETS.map((planted) => planted.secret), MODEL_KEY];
function expectNoSecret(text: string, where: string) {
  for (const secret of SECRETS) {
    expect(text, `${where} holds ${secret}`).not.toContain(secret);
    expect(text, `${where} holds the start of ${secret}`).not.toContain(
      secret.slice(0, Math.ceil(secret.length / 2)),
    );
  }
}

/** A conversation in the mock whose title, message, output, file name and links hold them all. */
async function plantConversation(page: Page): Promise<string> {
  const planted = PLANTED_SECRETS.map((secret) => secret.text);
  const github = PLANTED_SECRETS.find((secret) => secret.shape === 'GitHub token')!.text;
  return page.evaluate(
    ([texts, token, modelKey]) => {
      const server = window.__tetherMock!;
      const conversation = server.store.createConversation('never');
      // As the server titles a conversation: the start of its first message, cut short.
      conversation.info.title = `Use ${token.slice(0, 29)}… and https://bob:hunter2@git.example.com`;
      const clock = server.store.clockFor(conversation);
      const text = (words: string) => [{ type: 'text', text: words }];
      const append = (event: object) => server.store.append(conversation, event as never);
      const link = `[the report at https://bob:hunter2@git.example.com/r?token=abc123xyz](https://bob:hunter2@git.example.com/r?token=abc123xyz&sig=Zm9vYmFyYmF6)`;
      append({
        ...clock.next(),
        kind: 'MessageEvent',
        source: 'user',
        llm_message: {
          role: 'user',
          content: text(
            `Use these:\n\n${texts.join('\n\n')}\n\nmy model key is ${modelKey}\n\n${link}\n\n![screenshot of ${token}](https://img.example.com/a.png?X-Amz-Signature=4f2a9c0d1e2b3a4c5d6e7f8a9b0c)`,
          ),
        },
      });
      const action = (id: string, tool: string, fields: object) => ({
        ...clock.next(),
        kind: 'ActionEvent',
        source: 'agent',
        tool_name: tool,
        tool_call_id: id,
        tool_call: { id, name: tool, arguments: JSON.stringify(fields), origin: 'completion' },
        action: fields,
        llm_response_id: `resp-${id}`,
        thought: [],
        security_risk: 'UNKNOWN',
      });
      const observation = (id: string, actionId: string, tool: string, fields: object) => ({
        ...clock.next(),
        kind: 'ObservationEvent',
        source: 'environment',
        tool_name: tool,
        tool_call_id: id,
        action_id: actionId,
        observation: fields,
      });
      const run = append(
        action('call-env', 'terminal', { kind: 'TerminalAction', command: 'cat .env', is_input: false }),
      );
      append(
        observation('call-env', run.id, 'terminal', {
          kind: 'TerminalObservation',
          content: text(texts.join('\n')),
          is_error: false,
          command: 'cat .env',
          exit_code: 0,
          timeout: false,
          metadata: { exit_code: 0, working_dir: '/workspace', prefix: '', suffix: '' },
        }),
      );
      const path = `/workspace/keys/${token}.txt`;
      const edit = append(
        action('call-edit', 'file_editor', {
          kind: 'FileEditorAction',
          command: 'create',
          path,
          file_text: 'kept\n',
        }),
      );
      append(
        observation('call-edit', edit.id, 'file_editor', {
          kind: 'FileEditorObservation',
          content: text(`File created successfully at: ${path}`),
          is_error: false,
          command: 'create',
          path,
          prev_exist: false,
          old_content: null,
          new_content: 'kept\n',
        }),
      );
      append({
        ...clock.next(),
        kind: 'MessageEvent',
        source: 'agent',
        llm_message: { role: 'assistant', content: text(`Saved the key to ${path}. See ${link}.`) },
      });
      server.store.touch(conversation);
      return conversation.info.id;
    },
    [planted, github, MODEL_KEY] as const,
  );
}

test('no secret leaves in a shared copy, an export, a file name or the clipboard', async ({ page }) => {
  // This browser keeps a model key for the mock; it must not leave either.
  await page.addInitScript((key) => {
    localStorage.setItem(
      'tether.llm',
      JSON.stringify({
        state: { byServer: { mock: { model: 'openai/gpt-4o-mini', baseUrl: '', apiKey: key } } },
        version: 2,
      }),
    );
  }, MODEL_KEY);
  const app = new Tether(page);
  await app.open();
  const id = await plantConversation(page);
  await app.openConversation(id);

  const dialog = await openShare(page);
  await expect(dialog.getByText(/shaped like credentials/)).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: /^A model key: \d+ times?$/ })).toBeVisible();
  const shared = await writeShare(page);
  expectNoSecret(shared.name, 'the shared file’s name');
  expectNoSecret(shared.html, 'the shared file');
  expect(shared.html).toMatch(
    /<title>Use \[redacted\]… and https:\/\/bob:\[redacted\]@git\.example\.com<\/title>/,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  const markdown = await exportAs(page, 'Markdown');
  expectNoSecret(markdown.name, 'the Markdown file’s name');
  expectNoSecret(markdown.text, 'the Markdown export');
  const exportDialog = page.getByRole('dialog', { name: /^Export/ });
  await expect(exportDialog.getByRole('status')).toContainText(/secrets were taken out/);

  // The JSON export is the record itself: it warns before it is written, and keeps its word.
  await exportDialog.getByRole('radio', { name: /^JSON/ }).check();
  await expect(exportDialog.getByText(/The JSON file is the server’s events unchanged/)).toBeVisible();
  const json = await exportAs(page, 'JSON');
  expectNoSecret(json.name, 'the JSON file’s name');
  expect(json.text).toContain(PLANTED_SECRETS[0]!.secret.slice(0, 20));
  await exportDialog.getByRole('button', { name: 'Close' }).click();

  const message = app.log.locator('.chat-row.from-user').first();
  await message.hover();
  await message.getByRole('button', { name: 'Copy message' }).click();
  await expect(message.getByRole('button', { name: 'Copied, secrets taken out' })).toBeVisible();
  const copied = await clipboard(page);
  expect(copied).toContain('Use these:');
  expectNoSecret(copied, 'the copied message');

  await app.unfoldSteps();
  const output = app.card(/cat \.env/);
  await output.hover();
  await output.getByRole('button', { name: 'Copy output' }).click();
  await expect(output.getByRole('button', { name: 'Copied, secrets taken out' })).toBeVisible();
  const copiedOutput = await clipboard(page);
  expect(copiedOutput).toContain('AWS_SECRET_ACCESS_KEY=[redacted]');
  expectNoSecret(copiedOutput, 'the copied output');
  // What is on screen still holds them: only what leaves is changed.
  await expect(app.log.getByText(MODEL_KEY, { exact: false }).first()).toBeVisible();
});
