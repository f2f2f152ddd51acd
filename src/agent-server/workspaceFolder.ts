import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The folder new conversations work in. Empty means the server's own default ("workspace",
 * relative to where the server runs); an absolute path also lets files be viewed, downloaded and
 * uploaded, which the server allows by absolute path only.
 */
export const DEFAULT_WORKING_DIR = 'workspace';

const useWorkspaceFolderStore = create<{ folder: string; saved: (folder: string) => void }>()(
  persist((set) => ({ folder: '', saved: (folder) => set({ folder: folder.trim() }) }), {
    name: 'tether.workspace-folder',
    version: 1,
  }),
);

export const useWorkspaceFolder = () => useWorkspaceFolderStore((s) => s.folder);
export const useSaveWorkspaceFolder = () => useWorkspaceFolderStore((s) => s.saved);
