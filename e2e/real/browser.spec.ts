import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Tether } from '../app';
import { expectAccessible } from '../axe';
import { WorkspacePanel } from '../workspace';
import { openConnected, expect, expectRowsMatch, startConversation, test } from './fixtures';

// The agent's browser against the real agent-server: the server lists its browser tool where it
// finds a Chromium, Tether gives it to the conversation, and what the agent's Chromium saw of a
// page comes back as a screenshot on the Browser tab.

/** A page on loopback for the agent's browser to visit. */
async function servePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><title>Release checklist</title>' +
        '<body style="font: 32px sans-serif; background: #fff8e0">' +
        '<h1>Release checklist</h1><p>Tag, build, publish.</p></body>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/checklist`,
    // The agent's Chromium keeps its connection open: close would otherwise wait for it.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

test('what the agent’s browser saw, on the Browser tab, from the server’s own Chromium @smoke', async ({
  page,
  server,
  llm,
}) => {
  test.setTimeout(240_000);
  const site = await servePage();
  try {
    llm.setScript([
      {
        text: 'Opening the checklist.',
        toolCalls: [{ name: 'browser_navigate', arguments: { url: site.url } }],
      },
      {
        text: 'Looking at it.',
        toolCalls: [{ name: 'browser_get_state', arguments: { include_screenshot: true } }],
      },
      { text: 'The checklist says: tag, build, publish.' },
    ]);
    const app = new Tether(page);
    const side = new WorkspacePanel(page);
    await openConnected(page, server);
    const id = await startConversation(page, llm, 'Read the release checklist in the browser');
    // Chromium starts with the first browser action, which can take a while on a busy machine.
    await expect(app.log.getByText('The checklist says: tag, build, publish.')).toBeVisible({
      timeout: 120_000,
    });
    await expectRowsMatch(page, server, id);

    await side.open();
    await side.tab('Browser').click();
    const newest = side.panel.getByRole('img', { name: /^The newest screenshot/ });
    await expect(newest).toHaveAccessibleName(`The newest screenshot of the agent’s browser, at ${site.url}`);
    await expect(side.panel).toContainText(`Page: ${site.url}`);
    await expect(side.panel).toContainText('the agent-server does not hide secrets in them');
    // A real picture of the page, decoded by the browser: not an empty or broken image.
    await expect
      .poll(() => newest.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(300);
    await expectAccessible(page, 'the Browser tab after a real run');
    await test
      .info()
      .attach('Browser tab after a real run', { body: await page.screenshot(), contentType: 'image/png' });

    // On a phone the tab is a sheet over the chat, the screenshot within the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(newest).toBeInViewport();
    expect((await newest.boundingBox())!.width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the Browser tab after a real run, on a phone');
    await test
      .info()
      .attach('Browser tab on a phone', { body: await page.screenshot(), contentType: 'image/png' });
  } finally {
    await site.close();
  }
});
