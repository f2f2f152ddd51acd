// A language's compiled messages (vite.config.ts, compiledCatalogs).
declare module 'virtual:tether-catalog/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
