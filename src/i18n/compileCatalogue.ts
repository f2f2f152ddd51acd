import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';
import { pluralVariables } from './countWords.ts';

// Build-time and Node-side only (vite.config.ts; journeys that run src/ code in Node): the page
// gets catalogues already compiled, and never this compiler.

/** A catalogue of ICU messages, compiled for Lingui's runtime. */
export const compileCatalogue = (source: Record<string, string>): Messages =>
  Object.fromEntries(
    Object.entries(source).map(([id, message]) => [id, pluralsAsSelects(compileMessage(message))]),
  );

type Branches = Record<string, CompiledMessage | string | number | undefined>;

const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * Each plural as selects over variables `t` fills (countWords.ts), so that no Intl.NumberFormat
 * is made for a small count: Lingui formats the number of every plural it renders, `#` or not.
 * `{n, plural, =0 {…} one {# …} other {# …}}` becomes a select over `n#value` (the exact
 * matches), whose `other` is a select over `n#plural` (the plural form), each `#` the variable
 * `n#`. A plural with an offset, and an ordinal, are left to Lingui.
 */
function pluralsAsSelects<M extends CompiledMessage | string>(message: M): M {
  if (typeof message === 'string') return message;
  return message.map((part) => {
    if (typeof part === 'string') return part;
    const [name, format, branches] = part as [string, string?, Branches?];
    if (!branches || typeof branches !== 'object') return part;
    const counted = format === 'plural' && !branches.offset;
    const variables = counted ? pluralVariables(name) : undefined;
    // A branch that is only `#` comes as the string itself.
    const inner = (branch: Branches[string]) =>
      Array.isArray(branch) || branch === '#'
        ? pluralsAsSelects(
            withCount((Array.isArray(branch) ? branch : [branch]) as CompiledMessage, variables?.words),
          )
        : branch;
    const forms = Object.fromEntries(Object.entries(branches).map(([form, branch]) => [form, inner(branch)]));
    if (!variables) return [name, format, forms];
    const byForm = [
      variables.form,
      'select',
      Object.fromEntries(Object.entries(forms).filter(([form]) => CATEGORIES.has(form))),
    ];
    const exact = Object.entries(forms).filter(([form]) => !CATEGORIES.has(form));
    return exact.length === 0
      ? byForm
      : [variables.value, 'select', { ...Object.fromEntries(exact), other: [byForm] }];
  }) as M;
}

/** A plural branch with its own `#` (not those of plurals inside it) as the variable `words`. */
function withCount(branch: CompiledMessage, words: string | undefined): CompiledMessage {
  return words === undefined
    ? branch
    : (branch.map((part) => (part === '#' ? [words] : part)) as CompiledMessage);
}

// The pseudo-locale (locales.ts): each letter of the English accented, the message a third
// longer and in brackets; placeholders, plural forms and `#` untouched.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);

type Part = CompiledMessage[number];

function accent(part: Part): Part {
  if (typeof part === 'string') return part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter]!);
  const [name, format, branches] = part as [string, string?, Record<string, CompiledMessage | string>?];
  if (!branches || typeof branches !== 'object') return part;
  const accented = Object.fromEntries(
    Object.entries(branches).map(([form, branch]) => [
      form,
      typeof branch === 'string'
        ? (accent(branch) as string)
        : Array.isArray(branch)
          ? branch.map(accent)
          : branch,
    ]),
  );
  return [name, format, accented] as unknown as Part;
}

/** How many characters of text a message shows (its first plural form counted). */
function textLength(parts: readonly Part[]): number {
  return parts.reduce<number>((total, part) => {
    if (typeof part === 'string') return total + part.length;
    const branches = (part as unknown[])[2];
    if (!branches || typeof branches !== 'object') return total + 4;
    // The forms sit beside an `offset` key, undefined when the message has none.
    const first =
      Object.values(branches as Record<string, CompiledMessage | string | undefined>).find(
        (form) => form !== undefined,
      ) ?? '';
    return total + (typeof first === 'string' ? first.length : textLength(first));
  }, 0);
}

/** English made into the pseudo-locale: "[Šéñð ~~]" for "Send". */
export function pseudoCatalogue(source: Record<string, string>): Messages {
  return Object.fromEntries(
    Object.entries(source).map(([id, text]) => {
      const message = compileMessage(text);
      const parts = (typeof message === 'string' ? [message] : message) as Part[];
      const padding = '~'.repeat(Math.max(1, Math.round(textLength(parts) * 0.35)));
      return [id, pluralsAsSelects(['[', ...parts.map(accent), ` ${padding}]`] as CompiledMessage)];
    }),
  );
}
