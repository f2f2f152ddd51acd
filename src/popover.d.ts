// React 18's DOM types predate the Popover API. React 18 passes unknown attributes through to
// the element as they are written, so they are written as HTML spells them (lowercase).
import 'react';

/* eslint-disable @typescript-eslint/no-unused-vars -- a merged interface repeats React's type parameter */
declare module 'react' {
  interface HTMLAttributes<T> {
    popover?: '' | 'auto' | 'manual' | undefined;
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string | undefined;
  }
}
