import { HttpClient, HttpError } from '@openhands/typescript-client/client/http-client';
import { clientPerServer, runtimeRoutes, type RuntimeRoutes, type WorkspaceOf } from './runtimeRoutes';
import type { ConnectionSettings } from './servers';

// The agent-server's workspace routes (git_router.py, file_router.py), as the wire carries them.
// The typed client has no git calls, so they go through its HttpClient (same key header, same
// errors); uploads use XHR because fetch reports no upload progress.
//
// Servers from 1.57 also serve them per conversation (runtime_router.py), refusing (422) a path
// that is relative or outside its working_dir; see runtimeRoutes.ts for which is asked.

/** The server splits a rename into DELETED (old path) + ADDED (new path); untracked files are ADDED. */
export type GitChangeStatus = 'MOVED' | 'ADDED' | 'DELETED' | 'UPDATED';

export interface GitChange {
  status: GitChangeStatus;
  /** Relative to the repository path asked about. */
  path: string;
}

/** Whole texts of both sides; null for a path outside any repository. */
export interface GitDiff {
  modified: string | null;
  original: string | null;
}

export interface GitCommit {
  sha: string;
  short_sha: string;
  subject: string;
  author: string;
  timestamp: string;
}

export interface GitCommitsPage {
  commits: GitCommit[];
  has_more: boolean;
}

export interface FileSlice {
  bytes: Uint8Array;
  /** The file goes on past the bytes read. */
  truncated: boolean;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface FileUpload {
  /** Where the file goes: absolute. */
  path: string;
  file: Blob;
  fileName: string;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export type { WorkspaceOf } from './runtimeRoutes';

export class WorkspaceClient {
  private readonly http: HttpClient;

  constructor(
    private readonly settings: ConnectionSettings,
    private readonly routes: RuntimeRoutes = runtimeRoutes(settings),
  ) {
    this.http = new HttpClient({
      baseUrl: settings.serverUrl,
      apiKey: settings.sessionApiKey || undefined,
      timeout: 30_000,
    });
  }

  private at<T>(of: WorkspaceOf, path: string, call: (route: string) => Promise<T>): Promise<T> {
    return this.routes.at(of, path, call);
  }

  private get<T>(of: WorkspaceOf, path: string, options: Parameters<HttpClient['get']>[1]) {
    return this.at(of, path, (route) => this.http.get<T>(route, options));
  }

  async changes(of: WorkspaceOf): Promise<GitChange[]> {
    return (await this.get<GitChange[]>(of, '/git/changes', { params: { path: of.repository } })).data;
  }

  async diff(of: WorkspaceOf, path: string, commit?: string): Promise<GitDiff> {
    return (await this.get<GitDiff>(of, '/git/diff', { params: { path, commit } })).data;
  }

  async commits(of: WorkspaceOf, limit = 50): Promise<GitCommitsPage> {
    return (await this.get<GitCommitsPage>(of, '/git/commits', { params: { path: of.repository, limit } }))
      .data;
  }

  /**
   * Whether a folder is in a git repository, before any conversation has it (the global route):
   * a repository refuses a commit that cannot exist (400), a plain folder answers an empty list.
   */
  async folderIsRepository(folder: string): Promise<boolean> {
    try {
      await this.http.get('/api/git/commits/0000000/changes', { params: { path: folder } });
      return false;
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) return true;
      throw error;
    }
  }

  async commitChanges(of: WorkspaceOf, sha: string): Promise<GitChange[]> {
    return (
      await this.get<GitChange[]>(of, `/git/commits/${encodeURIComponent(sha)}/changes`, {
        params: { path: of.repository },
      })
    ).data;
  }

  /**
   * Reads a file, or only its first `maxBytes` when given (a Range request: the server streams
   * files with Starlette's FileResponse, which honours it). One byte more than asked for tells
   * whether the file goes on, since CORS hides Content-Range from the page.
   */
  async download(of: WorkspaceOf, path: string, maxBytes?: number): Promise<FileSlice> {
    const response = await this.get<ArrayBuffer>(of, '/file/download', {
      params: { path },
      responseType: 'arrayBuffer',
      ...(maxBytes !== undefined ? { headers: { Range: `bytes=0-${maxBytes}` } } : {}),
    });
    const bytes = new Uint8Array(response.data);
    if (maxBytes !== undefined && bytes.length > maxBytes)
      return { bytes: bytes.subarray(0, maxBytes), truncated: true };
    return { bytes, truncated: false };
  }

  upload(of: WorkspaceOf, upload: FileUpload): Promise<{ file_size: number }> {
    return this.at(of, '/file/upload', (route) => this.send(route, upload));
  }

  private send(
    route: string,
    { path, file, fileName, onProgress, signal }: FileUpload,
  ): Promise<{ file_size: number }> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      const url = new URL(route.slice(1), `${this.settings.serverUrl}/`);
      url.searchParams.set('path', path);
      request.open('POST', url.toString());
      if (this.settings.sessionApiKey)
        request.setRequestHeader('X-Session-API-Key', this.settings.sessionApiKey);
      request.responseType = 'json';
      request.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) resolve(request.response as { file_size: number });
        else reject(new HttpError(request.status, request.statusText, request.response));
      };
      request.onerror = () => reject(new Error('Request failed: the upload did not reach the agent-server'));
      request.ontimeout = () => reject(new Error('Request timeout'));
      signal?.addEventListener('abort', () => request.abort());
      request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      const form = new FormData();
      form.append('file', file, fileName);
      request.send(form);
    });
  }
}

export const workspaceClient = clientPerServer((settings) => new WorkspaceClient(settings));
