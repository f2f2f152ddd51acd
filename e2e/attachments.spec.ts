import { expect, test } from './test';
import { BLUE_SQUARE_PNG, dropFiles, pasteFiles } from './clipboard';
import { SEEDED, Tether } from './app';
import { WorkspacePanel } from './workspace';

// Images and files given to the agent from the composer, on the mock agent-server.

const PNG = Buffer.from(BLUE_SQUARE_PNG, 'base64');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const asPasted = (name: string) => ({ name, type: 'image/png', base64: BLUE_SQUARE_PNG });

test('images picked, pasted and dropped go with the message as ImageContent, and show full size', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  // Slow enough that the agent is still writing when the thumbnail is pressed below.
  await app.setAgentTiming(150, 5_000);
  await app.mock((m) => (m.agent.stepsHeld = true));
  await app.composer.fill('What is in these screenshots?');
  await page.getByLabel('Files to attach').setInputFiles([png('one.png')]);
  await pasteFiles(page, [asPasted('two.png')]);
  await dropFiles(page, [asPasted('three.png'), asPasted('four.png')]);
  const tray = page.locator('.composer');
  await expect(tray.getByRole('button', { name: /^Enlarge image/ })).toHaveCount(4);
  await tray.getByRole('button', { name: 'Remove image 4' }).click();
  await expect(tray.getByRole('button', { name: /^Enlarge image/ })).toHaveCount(3);
  await expect(app.composer).toHaveValue('What is in these screenshots?');
  await page.getByRole('button', { name: 'Send' }).click();

  const sent = app.log.locator('.chat-row.from-user').filter({ hasText: 'What is in these screenshots?' });
  await expect(sent.getByRole('img')).toHaveCount(3);
  // The server persisted the message with its images, as the socket carried it.
  const persisted = await app.mock((m) =>
    m.store
      .get('3f1c2a4e-0000-4000-8000-000000000001')!
      .events.filter((e) => e.kind === 'MessageEvent' && e.source === 'user')
      .at(-1),
  );
  expect(persisted).toMatchObject({
    llm_message: {
      content: [
        { type: 'text', text: 'What is in these screenshots?' },
        {
          type: 'image',
          image_urls: [
            expect.stringMatching(/^data:image\/png;base64,iVBOR/),
            expect.anything(),
            expect.anything(),
          ],
        },
      ],
    },
  });
  await expect(sent).toHaveAttribute('data-event-id', /.+/);
  // Pressed while the agent writes on below: the transcript holds still until the release, so
  // the press and the release land on the same thumbnail and it opens. The agent waits for its
  // model until the press: the transcript follows the end until then, and a pointer placed on a
  // thumbnail that moves on before the press would press something else.
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(page.getByText(/Waiting for the model/)).toBeVisible();
  await expect
    .poll(() => transcript.evaluate((e) => e.scrollHeight - e.clientHeight - e.scrollTop))
    .toBeLessThanOrEqual(1);
  const enlarge = sent.getByRole('button', { name: 'Enlarge image 2' });
  await enlarge.hover();
  const pressedAt = await enlarge.boundingBox();
  const transcriptHeight = () => transcript.evaluate((e) => e.scrollHeight);
  const heightWhenPressed = await transcriptHeight();
  await page.mouse.down();
  await app.mock((m) => (m.agent.stepsHeld = false));
  await expect.poll(transcriptHeight).toBeGreaterThan(heightWhenPressed + 20);
  expect(await enlarge.boundingBox()).toEqual(pressedAt);
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'Image 2 attached to the message' });
  await expect(dialog.getByRole('img')).toBeVisible();
  // Esc closes the picture, and does not stop the agent working on the message.
  await app.expectStatus('running');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await app.expectStatus('running');
});

test('an image-only message over REST when the socket is down', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.mock((m) => {
    m.refuseSockets = true;
    m.dropSockets();
  });
  await expect(page.locator('[data-connection="reconnecting"]')).toBeVisible();
  await page.getByLabel('Files to attach').setInputFiles([png('only.png')]);
  await expect(page.locator('.composer').getByRole('button', { name: 'Enlarge image 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect
    .poll(() =>
      app.mock((m) => m.store.received.filter((r) => r.path.endsWith('/events')).map((r) => r.body)),
    )
    .toEqual([
      {
        role: 'user',
        content: [{ type: 'image', image_urls: [expect.stringMatching(/^data:image\/png;base64,/)] }],
        run: true,
      },
    ]);
  await expect(app.log.locator('.chat-row.from-user[data-event-id]').last().getByRole('img')).toHaveCount(1);
});

test('limits are explained and the draft is kept: size, type, count', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.composer.fill('Keep this draft');
  await page.getByLabel('Files to attach').setInputFiles([
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) },
    { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') },
  ]);
  const composer = page.locator('.composer');
  await expect(composer.getByRole('alert')).toHaveText([
    'huge.png is 6.0 MB; images can be at most 5.0 MB.',
    'drawing.svg is a SVG+XML image; the model takes PNG, JPEG, GIF or WebP.',
  ]);
  await page
    .getByLabel('Files to attach')
    .setInputFiles(Array.from({ length: 11 }, (_, i) => png(`shot-${i + 1}.png`)));
  await expect(composer.getByRole('button', { name: /^Enlarge image/ })).toHaveCount(10);
  await expect(composer.getByRole('alert')).toHaveText([
    'shot-11.png was not added: a message takes at most 10 images.',
  ]);
  await expect(app.composer).toHaveValue('Keep this draft');
});

test('other files upload into the workspace with progress; their path goes into the message', async ({
  page,
}) => {
  const app = new Tether(page);
  const workspace = new WorkspacePanel(page);
  await app.openConversation(SEEDED.parser);
  await app.composer.fill('Please read the attached notes.');
  // The first attempt fails: the upload says so, keeps the draft, and a retry delivers it.
  await app.mock((m) => m.failRequests('/file/upload', 1, 500));
  await page
    .getByLabel('Files to attach')
    .setInputFiles([
      { name: 'meeting notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Ship on Friday.\n') },
    ]);
  const upload = page.getByRole('group', { name: 'Upload of meeting notes.txt' });
  await expect(upload).toContainText('Not uploaded: The agent-server answered 500: Injected failure');
  await expect(app.composer).toHaveValue('Please read the attached notes.');
  await upload.getByRole('button', { name: 'Retry' }).click();
  await expect(app.composer).toHaveValue(
    'Please read the attached notes.\n/workspace/uploads/meeting notes.txt',
  );
  await expect(upload).toBeHidden();
  expect(
    await app.mock((m) =>
      new TextDecoder().decode(m.store.workspace.read('/workspace/uploads/meeting notes.txt')),
    ),
  ).toBe('Ship on Friday.\n');
  await workspace.open();
  await expect(workspace.file('uploads/meeting notes.txt')).toContainText('Added');
});

test('a slow upload shows its progress and can be cancelled', async ({ page }) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  // Hold the upload on its way: the bar is there, Send waits, Cancel ends it.
  await app.mock((m) => (m.uploadDelayMs = 600_000));
  await page
    .getByLabel('Files to attach')
    .setInputFiles([
      { name: 'data.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(300_000, 7) },
    ]);
  const upload = page.getByRole('group', { name: 'Upload of data.bin' });
  await expect(
    upload.getByRole('progressbar', { name: 'Uploading data.bin to /workspace/uploads/data.bin' }),
  ).toBeVisible();
  await expect(page.getByText('Sending waits for the upload to finish.')).toBeVisible();
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(upload).toBeHidden();
  await expect(app.composer).toHaveValue('');
});

test('a workspace the server resolves itself takes no uploads, and says why', async ({ page }) => {
  const app = new Tether(page);
  await app.open();
  await app.setAgentTiming(5, 50);
  await app.startConversation('Hello');
  await page
    .getByLabel('Files to attach')
    .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }]);
  await expect(page.locator('.composer').getByRole('alert')).toHaveText(
    /this conversation works in “workspace”, relative to the agent-server/,
  );
});

test('Send pressed while a pasted image is still being read waits for it: the image goes with the text', async ({
  page,
}) => {
  const app = new Tether(page);
  await app.openConversation(SEEDED.parser);
  await app.setAgentTiming(5, 50);
  // Reading the image is held open, as a slow disk or a large screenshot would hold it.
  await page.evaluate(() => {
    const read = FileReader.prototype.readAsDataURL;
    const held: (() => void)[] = [];
    Object.assign(window, { __heldReads: held });
    FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
      held.push(() => read.call(this, blob));
    };
  });
  await app.composer.fill('Is this square blue?');
  await pasteFiles(page, [asPasted('square.png')]);
  await page.waitForFunction(() => (window as { __heldReads?: unknown[] }).__heldReads?.length === 1);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Preparing image… The message is sent when it is ready.')).toBeVisible();
  // Nothing has left yet: the text waits in the box for its image.
  await expect(app.composer).toHaveValue('Is this square blue?');
  await expect(
    app.log.locator('.chat-row.from-user').filter({ hasText: 'Is this square blue?' }),
  ).toHaveCount(0);

  await page.evaluate(() => (window as { __heldReads?: (() => void)[] }).__heldReads?.forEach((go) => go()));
  const sent = app.log.locator('.chat-row.from-user').filter({ hasText: 'Is this square blue?' });
  await expect(sent.getByRole('img')).toHaveCount(1);
  await expect(app.composer).toHaveValue('');
  await expect(page.locator('.composer').getByRole('button', { name: /^Enlarge image/ })).toHaveCount(0);
  const persisted = await app.mock((m) =>
    m.store
      .get('3f1c2a4e-0000-4000-8000-000000000001')!
      .events.filter((e) => e.kind === 'MessageEvent' && e.source === 'user')
      .at(-1),
  );
  expect(JSON.stringify(persisted)).toContain('Is this square blue?');
  expect(JSON.stringify(persisted)).toContain(BLUE_SQUARE_PNG.slice(0, 40));
});
