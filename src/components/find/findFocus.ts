import { createContext, useContext } from 'react';
import type { FindMatch } from '../../conversation/find/findInRows';

// The match Find has jumped to: parts of a row that fold their text away (thinking, a long
// output) open themselves when it is in them.

export const FindFocus = createContext<FindMatch | null>(null);

export function useFindFocus(): FindMatch | null {
  return useContext(FindFocus);
}
