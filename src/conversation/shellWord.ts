/** A word for the shell, whatever it holds: single-quoted, each quote in it closed and escaped. */
export const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
