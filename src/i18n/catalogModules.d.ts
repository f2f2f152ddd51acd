// A language's compiled messages (vite.config.ts, compiledCatalogs).
declare module 'virtual:tether-catalog/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}

// Adds the English words of a part that loads lazily (src/i18n/parts.ts) when imported.
declare module 'virtual:tether-english/*' {}
