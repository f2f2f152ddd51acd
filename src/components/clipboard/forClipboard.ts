import { browserSecrets } from '../../conversation/share/browserSecrets';
import { redactText } from '../../conversation/share/redaction';

/** What a copy button puts on the clipboard: the text with every secret this browser can tell taken out. */
export function forClipboard(text: string): string {
  return redactText(text, browserSecrets());
}
