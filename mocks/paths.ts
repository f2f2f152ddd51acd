// Paths as the agent-server's runtime routes read them (Python's pathlib, on POSIX).

/** A path as the server's `Path(...).resolve()` reads it: `.` and `..` taken out. */
export function resolvedPath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** runtime_router.py's check: `path` must be absolute and inside the conversation's working_dir. */
export function insideWorkspace(path: string, workingDir: string): boolean {
  if (!path.startsWith('/')) return false;
  const root = resolvedPath(workingDir.startsWith('/') ? workingDir : `/${workingDir}`);
  const resolved = resolvedPath(path);
  return root === '/' || resolved === root || resolved.startsWith(`${root}/`);
}
