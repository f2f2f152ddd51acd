import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { partOf } from './parts';

// Every language says everything English says, with the same placeholders, and the plural forms
// its own rules ask for (Arabic has six). Every message is said somewhere in the code.

const catalogue = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'catalogs', `${code}.json`), 'utf8'));

const english = catalogue('en');

/** A message's placeholders, and for each plural one the forms it gives. */
function argumentsOf(message: string) {
  const names = new Set<string>();
  const plurals: { name: string; forms: string[] }[] = [];
  // Compiled, a message is a list of texts and arguments: [name], [name, format, branches].
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, format, branches] = token as [string, string?, Record<string, unknown>?];
      names.add(name);
      if (format === 'plural' && branches) plurals.push({ name, forms: Object.keys(branches) });
      if (branches) Object.values(branches).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return { names: [...names].sort(), plurals };
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'catalogs' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the catalogues', () => {
  it('are one per language, and hold no other', () => {
    const files = readdirSync(join(import.meta.dirname, 'catalogs')).map((file) =>
      file.replace(/\.json$/, ''),
    );
    expect(files.sort()).toEqual(LOCALES.map((locale) => locale.code).sort());
  });

  for (const { code } of LOCALES.filter((locale) => locale.code !== 'en')) {
    it(`${code} says everything English says, with the same placeholders and its own plural forms`, () => {
      const translated = catalogue(code);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      const forms = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      for (const [id, message] of Object.entries(translated)) {
        expect(message.trim(), id).not.toBe('');
        const theirs = argumentsOf(message);
        expect(theirs.names, id).toEqual(argumentsOf(english[id]!).names);
        for (const plural of theirs.plurals)
          expect(plural.forms, `${id}: ${plural.name}`).toEqual(expect.arrayContaining(forms));
      }
    });
  }

  it('hold only messages that the code says', () => {
    const code = sourceFiles(join(import.meta.dirname, '..'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(english).filter(
      (id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`),
    );
    expect(unused).toEqual([]);
  });

  it('reach a lazily loaded part’s English wherever its words are said', () => {
    // Without the import, the part's English is missing until some other module loads it, and
    // the reader sees message ids: only in English, only sometimes.
    const ids = Object.keys(english);
    const missing = sourceFiles(join(import.meta.dirname, '..')).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const parts = new Set(
        ids.filter((id) => text.includes(`'${id}'`) || text.includes(`"${id}"`)).map(partOf),
      );
      return [...parts]
        .filter((part) => part !== undefined && !text.includes(`import 'virtual:tether-english/${part}';`))
        .map((part) => `${file.slice(file.indexOf('src/'))}: ${part}`);
    });
    expect(missing).toEqual([]);
  });
});
