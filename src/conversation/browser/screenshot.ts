// The agent's browser screenshots arrive as bare base64 (BrowserObservation.screenshot_data);
// the image type is read from the first bytes, as the SDK's detect_image_mime_type does.

const SIGNATURES: [prefix: string, mime: string][] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
];

/** A data: URL to show the screenshot; undefined for data that is not an image this knows. */
export function screenshotUrl(base64: string): string | undefined {
  const trimmed = base64.trim();
  if (trimmed.startsWith('data:image/')) return trimmed;
  const mime = SIGNATURES.find(([prefix]) => trimmed.startsWith(prefix))?.[1];
  return mime && /^[A-Za-z0-9+/]+=*$/.test(trimmed) ? `data:${mime};base64,${trimmed}` : undefined;
}
