// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { capturePaint } from './paintCapture';

const where = { serverUrl: 'http://server.test', conversation: 'c1' };

function page(inner: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${inner}</div>`;
  return document.getElementById('root')!;
}

const transcript = (
  rows = '<div class="chat-row" data-event-id="e1"></div><div class="chat-row" data-event-id="e2"></div>',
) => `<div class="chat-scroll">${rows}</div>`;

beforeEach(() => {
  document.head.innerHTML = '<style>.chat-row { color: red; }</style>';
  localStorage.clear();
});

describe('how a conversation looks, kept for its next load', () => {
  it("is its page's HTML and style text, with the newest row and what it was drawn for", () => {
    localStorage.setItem('tether.language', 'de');
    const capture = capturePaint(page(transcript()), where);
    expect(capture.kind).toBe('paint');
    if (capture.kind !== 'paint') return;
    expect(capture.paint).toMatchObject({
      serverUrl: 'http://server.test',
      conversation: 'c1',
      newest: 'e2',
      width: window.innerWidth,
      height: window.innerHeight,
      language: 'de',
    });
    expect(capture.paint.html).toContain('data-event-id="e2"');
    expect(capture.paint.styles).toContain('.chat-row');
  });

  it('keeps nothing the person typed, nor an image whose address dies with the page', () => {
    const root = page(
      transcript() +
        '<input name="title" value="a draft title"><textarea>my half-written message</textarea>' +
        '<img alt="shot" src="blob:http://app.test/1"><img alt="kept" src="/favicon.svg">',
    );
    const capture = capturePaint(root, where);
    if (capture.kind !== 'paint') throw new Error(capture.kind);
    expect(capture.paint.html).not.toContain('a draft title');
    expect(capture.paint.html).not.toContain('half-written');
    expect(capture.paint.html).not.toContain('blob:');
    expect(capture.paint.html).toContain('/favicon.svg');
    // The page itself is left as it was.
    expect(root.querySelector('textarea')!.textContent).toBe('my half-written message');
  });

  it('keeps nothing before rows are drawn, nor with a dialog open', () => {
    expect(capturePaint(page(transcript('')), where).kind).toBe('not-now');
    expect(capturePaint(page('<p>no transcript</p>'), where).kind).toBe('not-now');
    expect(capturePaint(page(transcript() + '<dialog open>Rename</dialog>'), where).kind).toBe('not-now');
  });

  it('says when the transcript is not at its end, where the address would not open', () => {
    const root = page(transcript());
    const scroller = root.querySelector('.chat-scroll')!;
    Object.defineProperties(scroller, {
      scrollHeight: { value: 5_000 },
      clientHeight: { value: 600 },
      scrollTop: { value: 1_000, writable: true },
    });
    expect(capturePaint(root, where).kind).toBe('not-at-end');
    scroller.scrollTop = 4_399;
    expect(capturePaint(root, where).kind).toBe('paint');
  });
});
