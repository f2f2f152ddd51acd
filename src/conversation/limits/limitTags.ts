import { tagOf } from '../conversationTags';

// The tags a conversation's limits live in (runLimits.ts reads them): apart, so that what every
// conversation loads asks only whether it has limits, and the rest loads when it has.

/** Dollars the whole conversation may cost (every LLM it uses, as the server's stats count them). */
export const BUDGET_TAG = 'tetherbudget';
/** The agent's model calls one run may make. */
export const STEPS_TAG = 'tethersteps';
/** The newest stops Tether made, newest last (see runLimits.ts, StopRecord). */
export const STOPS_TAG = 'tetherstops';

/** Whether a conversation's info holds a limit, or a stop made at one. */
export const hasLimitTags = (info: unknown): boolean =>
  [BUDGET_TAG, STEPS_TAG, STOPS_TAG].some((key) => tagOf(info, key) !== undefined);

/** The stops the info's tags hold, as the tag's text (runLimits.ts reads it), if any. */
export const stopsTagOf = (info: unknown): string | undefined => tagOf(info, STOPS_TAG) || undefined;
