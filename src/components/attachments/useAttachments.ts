import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../agent-server/client';
import type { ConnectionSettings } from '../../agent-server/servers';

// The composer's attachments: images held for the next message, files on their way into the
// workspace, and why anything was refused. The draft text is never touched except to add the
// path of a finished upload.

export interface HeldImage {
  id: number;
  name: string;
  dataUrl: string;
}

export interface Upload {
  id: number;
  name: string;
  path: string;
  loaded: number;
  total: number;
  state: 'uploading' | 'failed';
  error?: string;
  file: File;
}

let nextId = 0;

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export function useAttachments(
  settings: ConnectionSettings,
  conversationId: string,
  workingDir: string | undefined,
  insertPath: (path: string) => void,
) {
  const queryClient = useQueryClient();
  const [images, setImages] = useState<HeldImage[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  // Files being read or sorted: until they are done, a Send would leave without them.
  const [preparing, setPreparing] = useState(0);
  const taken = useRef(new Set<string>());
  const controllers = useRef(new Map<number, AbortController>());

  const upload = useCallback(
    (file: File, path: string, id = ++nextId) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      setUploads((all) => [
        ...all.filter((u) => u.id !== id),
        { id, name: file.name, path, loaded: 0, total: file.size, state: 'uploading', file },
      ]);
      // The upload code loads with the first upload, not with the page.
      import('../../conversation/resources/workspace')
        .then(({ uploadToWorkspace }) =>
          uploadToWorkspace(
            queryClient,
            { settings, conversationId, repository: workingDir! },
            path,
            file,
            ({ loaded, total }) =>
              setUploads((all) => all.map((u) => (u.id === id ? { ...u, loaded, total } : u))),
            controller.signal,
          ),
        )
        .then(
          () => {
            setUploads((all) => all.filter((u) => u.id !== id));
            insertPath(path);
          },
          (error: unknown) => {
            const cancelled = error instanceof DOMException && error.name === 'AbortError';
            setUploads((all) =>
              cancelled
                ? all.filter((u) => u.id !== id)
                : all.map((u) => (u.id === id ? { ...u, state: 'failed', error: describeError(error) } : u)),
            );
            if (cancelled) taken.current.delete(path);
          },
        );
    },
    [queryClient, settings, conversationId, workingDir, insertPath],
  );

  const add = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      setPreparing((count) => count + 1);
      try {
        // The rules load with the first attachment: most messages have none.
        const { sortAttachments, uploadBlockedReason, uploadTarget, unreadable } =
          await import('../../conversation/attachments');
        const sorted = sortAttachments(files, images.length);
        const refused = sorted.refused.map((r) => r.reason);
        const blocked = sorted.uploads.length > 0 ? uploadBlockedReason(workingDir) : undefined;
        if (blocked) refused.push(blocked);
        else
          for (const file of sorted.uploads) {
            const path = uploadTarget(workingDir!, file.name, taken.current);
            taken.current.add(path);
            upload(file, path);
          }
        const read = await Promise.allSettled(sorted.images.map(readAsDataUrl));
        const held: HeldImage[] = [];
        read.forEach((result, i) => {
          const name = sorted.images[i]!.name;
          if (result.status === 'fulfilled') held.push({ id: ++nextId, name, dataUrl: result.value });
          else refused.push(unreadable(name));
        });
        if (held.length > 0) setImages((all) => [...all, ...held]);
        setNotices(refused);
      } finally {
        setPreparing((count) => count - 1);
      }
    },
    [images.length, workingDir, upload],
  );

  return {
    images,
    uploads,
    notices,
    /** How many pasted, dropped or picked batches are still being read. */
    preparing,
    add,
    removeImage: (index: number) => setImages((all) => all.filter((_, i) => i !== index)),
    retryUpload: (id: number) => {
      const failed = uploads.find((u) => u.id === id);
      if (failed) upload(failed.file, failed.path, id);
    },
    cancelUpload: (id: number) => {
      controllers.current.get(id)?.abort();
      setUploads((all) => all.filter((u) => u.id !== id || u.state === 'uploading'));
    },
    /** The images go with the message being sent; the tray is empty again. */
    takeImages: (): string[] => {
      const urls = images.map((image) => image.dataUrl);
      setImages([]);
      setNotices([]);
      return urls;
    },
    dismissNotices: () => setNotices([]),
  };
}
