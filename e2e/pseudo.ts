import { expect, type Page } from '@playwright/test';
import { PSEUDO_LOCALE } from '../src/i18n/locales';

// The pseudo-locale (src/i18n/locales.ts) makes every message Tether says "[Åççéñţéð ~~]". What
// a person can still read in plain English on a page spoken in it was never translated — except
// the agent's and the person's own words, and names (of conversations, servers, files, models,
// commands, languages), which are shown as they are.

/** Where the words are not Tether's: content, names and code. */
const NOT_TETHERS = [
  '.markdown',
  '.stream-text',
  '.user-text',
  'pre',
  'code',
  'kbd',
  'option[lang]',
  '#conversation-title',
  '.conversation-title',
  '.server-tag',
  '.server-name',
  '.server-url',
  '.tool-headline',
  '.tool-name',
  '.tool-line-value',
  '.change-path',
  '.turn-file-path',
  '.file-view-path',
  '.commit-subject',
  '.commit-meta',
  '.plan-title',
  '.plan-notes',
  '.settings-name',
  '.skill-description',
  '.workspace-folder',
  '.terminal-screen',
  '.search-title',
  '.search-snippet',
  '.browser-url',
  '.edit-diff-open',
  '.code-language',
  '.usage-model',
  '.llm-model',
  '.diff-code',
  '.task-notes',
  '.outcome-path',
  '.review-path',
  '.review-words',
  // A commit's message starts as the person's own request.
  '.commit-message',
  '.server-words',
  '.brand',
  // Written by Intl in the language spoken.
  'time',
].join(', ');

/** Elements named by what they hold (a stored item, a server): their names are names. */
const NAMED_BY_DATA = '.settings-entries > li, .server-entries > li';

/** Names, and examples in empty fields, that are the same in every language. */
const NAMES = ['Tether', 'Built-in mock', 'Second built-in mock', 'Third built-in mock', 'ls -la'];

/** Speak the pseudo-locale from the first paint of every page of this test. */
export async function speakPseudo(page: Page) {
  await page.addInitScript((code) => localStorage.setItem('tether.language', code), PSEUDO_LOCALE);
}

/** Every visible word and accessible name on the page that is Tether's and still plain English. */
export async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ skip, names, namedByData }) => {
      const found = new Set<string>();
      const plain = (text: string) => {
        let rest = text;
        for (const name of names) rest = rest.split(name).join('');
        return /[A-Za-z]{2}/.test(rest);
      };
      const visible = (element: Element) =>
        element.checkVisibility({ opacityProperty: false, visibilityProperty: true }) ||
        // Text a screen reader hears though the eye does not (visually-hidden, the live region).
        element.closest('.visually-hidden, [role="status"], [role="alert"], [aria-live]') !== null;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!parent || !text || !plain(text) || parent.closest(skip) || !visible(parent)) continue;
        // A message's own text is bracketed; a value inside it (a count, a name) is not.
        if (/[[\]]/.test(parent.textContent ?? '')) continue;
        found.add(`${text} (${parent.tagName.toLowerCase()}.${parent.className})`);
      }
      for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
        if (element.closest(skip) || element.matches(namedByData) || !visible(element)) continue;
        for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = element.getAttribute(attribute)?.trim();
          // An example in an empty field (an address, a name) is the same in every language.
          const example = attribute === 'placeholder' && !/\s/.test(value ?? '');
          // A title that spells out a name the translated label or description already holds (a
          // model's full name).
          const describedBy = element.getAttribute('aria-describedby');
          const label = [
            element.getAttribute('aria-label') ?? '',
            (describedBy && document.getElementById(describedBy)?.textContent) || '',
          ].join(' ');
          const named = attribute === 'title' && /[[\]]/.test(label) && label.includes(value ?? '');
          if (value && plain(value) && !example && !named && !/[[\]]/.test(value))
            found.add(`${attribute}: ${value}`);
        }
      }
      return [...found];
    },
    { skip: NOT_TETHERS, names: NAMES, namedByData: NAMED_BY_DATA },
  );
}

/** Nothing on the page is left in English by accident. */
export async function expectAllTranslated(page: Page, where: string) {
  await expect.poll(() => untranslated(page), { message: `plain English on ${where}` }).toEqual([]);
}

/** A command run from the palette, found by the words of its message as the pseudo-locale says them. */
export async function runPseudoCommand(page: Page, words: string) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog').filter({ has: page.getByRole('combobox') });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill(words);
  const option = palette.getByRole('option', { name: new RegExp(words) }).first();
  await expect(option).toBeVisible();
  await option.click();
}
