import { createContext } from 'react';

/**
 * The open conversation's stops at its limits, as its `tetherstops` tag holds them (undefined:
 * none): a marker row whose event is among them says why the run stopped (LimitStopNote).
 */
export const LimitStops = createContext<string | undefined>(undefined);
