import ansiRegex from 'ansi-regex';

// Terminal output carries escape sequences: colours and styles (SGR, "ESC[…m") worth showing,
// and everything else (bracketed paste, cursor moves, titles) worth dropping.

const ANSI = ansiRegex();
const ESC = String.fromCharCode(0x1b);
const isSgr = (sequence: string) => sequence.startsWith(`${ESC}[`) && /^\[[\d;:]*m$/.test(sequence.slice(1));

/** The output with only its colour and style sequences left, or undefined when it has none. */
export function colouredText(raw: string): string | undefined {
  let coloured = false;
  const kept = raw.replace(ANSI, (sequence) => {
    if (isSgr(sequence)) {
      coloured = true;
      return sequence;
    }
    return '';
  });
  return coloured ? kept : undefined;
}
