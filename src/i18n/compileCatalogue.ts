import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Messages } from '@lingui/core';

// Build-time and Node-side only (vite.config.ts; journeys that run src/ code in Node): the page
// gets catalogues already compiled, and never this compiler.

/** A catalogue of ICU messages, compiled for Lingui's runtime. */
export const compileCatalogue = (source: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)]));
