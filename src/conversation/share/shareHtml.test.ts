import { describe, expect, it } from 'vitest';
import {
  EventClock,
  agentMessage,
  fileEditAction,
  fileEditObservation,
  finishAction,
  finishObservation,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../../../mocks/events';
import { redactDeep, redactor } from './redaction';
import { shareContents, shareHtml } from './shareHtml';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function conversation() {
  const clock = new EventClock(Date.UTC(2026, 10, 26, 9), 'share');
  const run = terminalAction(clock, 'cat .env');
  const edit = fileEditAction(clock, '/workspace/app.py', 'old = 1\n', 'new = 2\n');
  const finish = finishAction(clock, 'Done: the parser is fixed.');
  return [
    userMessage(clock, [
      {
        type: 'text',
        text: 'Fix it <script>alert("x")</script> with key sk-proj-Abcdefghijklmnopqrstuvwxyz012345',
      },
      { type: 'image', image_urls: [PIXEL, 'https://example.com/not-fetched.png'] },
    ]),
    agentMessage(clock, 'Looking <img src=x onerror=alert(1)>', 'I should read the env file'),
    run,
    terminalObservation(clock, run, 'API_TOKEN=correct-horse-battery\n'),
    edit,
    fileEditObservation(clock, edit, 'old = 1\n', 'new = 2\n'),
    finish,
    finishObservation(clock, finish),
  ];
}

const heading = {
  title: 'Parser </title><script>bad()</script>',
  writtenAt: new Date('2026-11-26T10:00:00Z'),
  head: undefined,
  language: 'en',
  direction: 'ltr' as const,
  redactions: 0,
};

describe('a shared copy', () => {
  it('says what it will hold before it is written', () => {
    expect(shareContents(conversation(), undefined)).toEqual({
      messages: 2,
      steps: 2,
      images: 2,
      linkedImages: ['https://example.com/not-fetched.png'],
    });
  });

  it('holds no script and lets none run, whatever the conversation says', () => {
    const html = shareHtml(heading, conversation());
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain(`<title>Parser &lt;/title&gt;&lt;script&gt;bad()&lt;/script&gt;</title>`);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:;`,
    );
  });

  it('folds each step, shows edits as diffs and inlines images, loading nothing from an address', () => {
    const html = shareHtml(heading, conversation(), new Map());
    expect(html.match(/<details class="step">/g)).toHaveLength(2);
    expect(html).toContain('<pre>$ cat .env</pre>');
    expect(html).toContain('<span class="removed">-old = 1</span><span class="added">+new = 2</span>');
    expect(html).toContain(`<img src="${PIXEL}"`);
    expect(html).not.toContain('https://example.com/not-fetched.png');
    expect(html).toContain('(An image is left out: this browser could not read it.)');
    expect(html).toContain('Done: the parser is fixed.');
    expect(html).toMatch(/@media \(prefers-color-scheme: dark\)/);
    // An image the dialog fetched is written as its data.
    const inlined = shareHtml(
      heading,
      conversation(),
      new Map([['https://example.com/not-fetched.png', PIXEL]]),
    );
    expect(inlined.match(new RegExp(`<img src="${PIXEL.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(2);
  });

  it('written from redacted events, holds none of the secrets planted in them', () => {
    const { redact, found } = redactor([{ name: 'API_TOKEN', value: 'correct-horse-battery' }]);
    const html = shareHtml({ ...heading, redactions: 2 }, redactDeep(conversation(), redact));
    expect(html).not.toContain('correct-horse-battery');
    expect(html).not.toContain('sk-proj-Abcdefghijklmnopqrstuvwxyz012345');
    expect(html).toContain('API_TOKEN=[redacted]');
    expect(html).toContain('2 secrets were taken out.');
    expect(Object.fromEntries(found)).toEqual({ API_TOKEN: 1, 'OpenAI key': 1 });
  });

  it('reads right to left in a right-to-left language, code left to right', () => {
    const html = shareHtml({ ...heading, language: 'ar', direction: 'rtl' }, conversation());
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<pre class="diff" dir="ltr">');
  });
});
