/** Text cut to `limit` characters at most (spaces around it left out), its end marked where cut. */
export function clipped(text: string, limit: number): string {
  const trimmed = text.trim();
  return trimmed.length > limit ? `${trimmed.slice(0, limit - 1).trimEnd()}…` : trimmed;
}
