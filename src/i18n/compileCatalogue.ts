import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

// Build-time and Node-side only (vite.config.ts; journeys that run src/ code in Node): the page
// gets catalogues already compiled, and never this compiler.

/** A catalogue of ICU messages, compiled for Lingui's runtime. */
export const compileCatalogue = (source: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));

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
    Object.entries(compileCatalogue(source)).map(([id, message]) => {
      const parts = (typeof message === 'string' ? [message] : message) as Part[];
      const padding = '~'.repeat(Math.max(1, Math.round(textLength(parts) * 0.35)));
      return [id, ['[', ...parts.map(accent), ` ${padding}]`]];
    }),
  );
}
