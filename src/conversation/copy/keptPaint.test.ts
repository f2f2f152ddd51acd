// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetPaint,
  forgetPaints,
  forgetPaintsOf,
  keepPaint,
  MOST_PAINT_CHARACTERS,
  PAINT_PREFIX,
  type KeptPaint,
} from './keptPaint';

const paint = (conversation: string, html = `<p>${conversation}</p>`): KeptPaint => ({
  html,
  styles: 'p{color:red}',
  serverUrl: 'http://server.test',
  conversation,
  newest: `${conversation}-newest`,
  width: 1280,
  height: 800,
  language: null,
  lang: 'en',
  dir: 'ltr',
});

const kept = () =>
  Object.keys(localStorage)
    .filter((key) => key.startsWith(PAINT_PREFIX))
    .map((key) => key.slice(PAINT_PREFIX.length))
    .sort();

beforeEach(() => localStorage.clear());

describe("a conversation's kept look", () => {
  it('is kept for the three addresses kept last, and read back as it was kept', () => {
    for (const id of ['a', 'b', 'c', 'd']) keepPaint(`/conversations/${id}`, paint(id));
    expect(kept()).toEqual(['/conversations/b', '/conversations/c', '/conversations/d']);
    // Kept again, an address is the newest: the next to go is another.
    keepPaint('/conversations/b', paint('b'));
    keepPaint('/conversations/e', paint('e'));
    expect(kept()).toEqual(['/conversations/b', '/conversations/d', '/conversations/e']);
    expect(JSON.parse(localStorage.getItem(`${PAINT_PREFIX}/conversations/e`)!)).toEqual(paint('e'));
  });

  it('is not kept past its size, and what was kept of the address goes then', () => {
    keepPaint('/conversations/a', paint('a'));
    keepPaint('/conversations/a', paint('a', 'x'.repeat(MOST_PAINT_CHARACTERS)));
    expect(kept()).toEqual([]);
    expect(localStorage.getItem('tether.paints')).toBeNull();
  });

  it('goes by address, by conversation at each of its addresses, and all at once', () => {
    keepPaint('/conversations/a', paint('a'));
    keepPaint('/s/one/conversations/a', paint('a'));
    keepPaint('/conversations/b', paint('b'));
    forgetPaint('/conversations/b');
    expect(kept()).toEqual(['/conversations/a', '/s/one/conversations/a']);
    forgetPaintsOf('a');
    expect(kept()).toEqual([]);
    keepPaint('/conversations/c', paint('c'));
    forgetPaints();
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('reads an index it did not write as none', () => {
    localStorage.setItem('tether.paints', '{"not":"a list"}');
    keepPaint('/conversations/a', paint('a'));
    expect(JSON.parse(localStorage.getItem('tether.paints')!)).toEqual([
      { path: '/conversations/a', conversation: 'a' },
    ]);
    localStorage.setItem('tether.paints', 'not json');
    forgetPaints();
    expect(localStorage.getItem('tether.paints')).toBeNull();
  });
});

describe('keeping a look again', () => {
  it('writes nothing when the view is still as it was, and writes again once storage lost it', () => {
    keepPaint('/conversations/a', paint('a'));
    localStorage.setItem(`${PAINT_PREFIX}/conversations/a`, 'marked');
    keepPaint('/conversations/a', paint('a'));
    expect(localStorage.getItem(`${PAINT_PREFIX}/conversations/a`)).toBe('marked');
    keepPaint('/conversations/a', paint('a', '<p>a row more</p>'));
    expect(JSON.parse(localStorage.getItem(`${PAINT_PREFIX}/conversations/a`)!).html).toBe(
      '<p>a row more</p>',
    );
    // Another tab cleared the copy: kept again, written again.
    localStorage.clear();
    keepPaint('/conversations/a', paint('a', '<p>a row more</p>'));
    expect(localStorage.getItem(`${PAINT_PREFIX}/conversations/a`)).not.toBeNull();
  });
});
