import { createContext } from 'react';

/** The base URL of the open conversation's model, for the words about a model it cannot reach. */
export const ModelBaseUrl = createContext<string | undefined>(undefined);
