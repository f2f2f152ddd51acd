// Where a file is, said as people read it (not in the first load: diffs and dialogs say it).

/** A path as people read it: relative to the conversation's folder when it is inside it. */
export function insideFolder(folder: string, path: string): string {
  const root = folder.replace(/\/+$/, '') + '/';
  if (path.startsWith(root)) return path.slice(root.length);
  const inside = root.startsWith('/') ? -1 : path.indexOf(`/${root}`);
  return inside >= 0 ? path.slice(inside + root.length + 1) : path;
}
