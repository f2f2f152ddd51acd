// What the first screen draws a moment after the conversation: the inbox and the header's own
// buttons. One chunk, so both arrive in the same moment and the screen changes once, not twice.
export { ConversationList } from '../components/ConversationList';
export { HeaderTools } from './HeaderTools';
