import { isRecord, type Content } from '../src/agent-server/protocol';

/**
 * Text and image parts, as the server's Message model takes them (posted, or sent on a socket);
 * undefined for anything else.
 */
export function messageContent(content: unknown[]): Content[] | undefined {
  const parts: Content[] = [];
  for (const part of content) {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string')
      parts.push({ type: 'text', text: part.text });
    else if (
      isRecord(part) &&
      part.type === 'image' &&
      Array.isArray(part.image_urls) &&
      part.image_urls.every((url) => typeof url === 'string')
    )
      parts.push({ type: 'image', image_urls: part.image_urls as string[] });
    else return undefined;
  }
  return parts;
}
