// Whether this browser has kept a copy of any conversation: a flag beside the copy, read without
// opening IndexedDB. Until something is kept, the copy's code waits for the page to be idle
// rather than loading with the first screen (there is nothing to paint from yet).

const HINT = 'tether.copyKept';

export function copyKept(): boolean {
  try {
    return localStorage.getItem(HINT) === '1';
  } catch {
    return false;
  }
}

export function noteCopyKept(kept: boolean): void {
  try {
    if (kept) localStorage.setItem(HINT, '1');
    else localStorage.removeItem(HINT);
  } catch {
    // A worker (the search reads the copy) or a browser without storage: the flag only saves time.
  }
}
