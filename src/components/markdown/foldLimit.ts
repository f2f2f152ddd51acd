/** Message texts longer than this (in characters) are folded to their head. */
export const FOLD_ABOVE = 6_000;
