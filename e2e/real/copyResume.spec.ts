import { copiedResumeSeq, expectCopied, shownEventIds } from '../browserCopy';
import { openConnected, expect, expectRowsMatch, startConversation, test } from './fixtures';

// A conversation the browser keeps is opened again (issue 22): its rows come from the copy, and
// the session socket asks the real server only for what came after the copy's newest event, by
// the seq the copy kept with it.

test("a kept conversation's socket resumes after the copy's seq, and every event shows once @smoke", async ({
  page,
  server,
  llm,
}) => {
  llm.setScript([{ text: 'The first answer, kept.' }, { text: 'The second answer, after the reopening.' }]);
  await openConnected(page, server);
  const id = await startConversation(page, llm, 'Answer twice, one at a time');
  await expect(page.getByRole('log').getByText('The first answer, kept.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.conversation-header [data-status]')).toHaveAttribute('data-status', 'finished');
  await expectCopied(page, id, await shownEventIds(page));
  // The seq kept is the server's own for its newest event (seqs count from 0).
  await expect.poll(() => copiedResumeSeq(page, id)).toBe((await server.eventIds(id)).length - 1);
  const kept = (await copiedResumeSeq(page, id))!;

  const syncs: { url: string; sync: unknown }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes(`/sockets/session/${id}`)) return;
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type?: string };
      if (frame.type === 'sync') syncs.push({ url: socket.url(), sync: frame });
    });
  });
  await page.reload();
  await expect(page.getByRole('log').getByText('The first answer, kept.')).toBeVisible();
  await expect.poll(() => syncs.length).toBeGreaterThan(0);
  // Asked after the copy's seq, the server had nothing newer to replay.
  expect(new URL(syncs[0]!.url).searchParams.get('after_seq')).toBe(String(kept));
  // (from_seq echoes after_seq: an exclusive bound.)
  expect(syncs[0]!.sync).toMatchObject({ from_seq: kept, through_seq: kept });

  await page.getByLabel('Message to the agent').fill('Now the second');
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(page.getByRole('log').getByText('The second answer, after the reopening.')).toHaveCount(1, {
    timeout: 30_000,
  });
  await expectRowsMatch(page, server, id);
});
