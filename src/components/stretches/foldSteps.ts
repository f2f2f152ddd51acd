import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Whether finished stretches of agent work fold into one line (the default), kept in this browser. */
export const useFoldSteps = create<{ fold: boolean; setFold: (fold: boolean) => void }>()(
  persist((set) => ({ fold: true, setFold: (fold) => set({ fold }) }), {
    name: 'tether.fold-steps',
    version: 1,
  }),
);
