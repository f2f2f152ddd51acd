import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { watch } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKER } from './leftovers';

// The agent-server started by fork from a process that has imported its libraries already
// (forkServer.py says why and how): about 4 CPU-seconds a start instead of 17. One such process
// per venv serves every worker of a run. The run's global set-up names the folder they share
// (`RUN_FOLDER`); without it (a script using AgentServer on its own) servers are spawned.

/** Set by the suite's global set-up: the folder of this run's fork servers. */
export const RUN_FOLDER = 'TETHER_FORK_SERVERS';

const SCRIPT = fileURLToPath(new URL('./forkServer.py', import.meta.url));

/** What the journeys need of a server's process, spawned or forked. */
export interface ServerProcess {
  readonly pid: number;
  /** Its exit code once it has exited (negative: the signal that ended it), else null. */
  readonly exitCode: number | null;
  readonly exited: Promise<number>;
  kill(signal: NodeJS.Signals): void;
}

export interface Start {
  /** `python -m module` with `argv` after it, or a script run as `python -c`. */
  readonly run: { module: string } | { code: string };
  readonly argv: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
  /** Where its stdout and stderr go (appended). */
  readonly log: string;
}

/** Starts by fork when the run has a fork-server folder, else as a process of its own. */
export async function startPython(python: string, start: Start): Promise<ServerProcess> {
  const folder = process.env[RUN_FOLDER];
  const modules = join(dirname(dirname(python)), 'tether-imports.txt');
  if (folder && existsSync(modules))
    return forked(await forkServerOf(folder, python, modules), python, start);
  return spawned(python, start);
}

function spawned(python: string, start: Start): ServerProcess {
  const log = openSync(start.log, 'a');
  const args =
    'module' in start.run ? ['-m', start.run.module, ...start.argv] : ['-c', start.run.code, ...start.argv];
  const child = spawn(python, args, { cwd: start.cwd, stdio: ['ignore', log, log], env: start.env });
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? -signalNumber(signal))),
  );
  return {
    get pid() {
      return child.pid ?? 0;
    },
    get exitCode() {
      return child.exitCode ?? (child.signalCode ? -signalNumber(child.signalCode) : null);
    },
    exited,
    kill: (signal) => child.kill(signal),
  };
}

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal ? (({ SIGKILL: 9, SIGTERM: 15, SIGINT: 2 } as Record<string, number>)[signal] ?? 1) : 1;
}

/** A child of the venv's fork server: its pid and exit come over the connection that asked for it. */
async function forked(socketPath: string, python: string, start: Start): Promise<ServerProcess> {
  const socket = await new Promise<Socket>((resolve, reject) => {
    const connection = connect(socketPath, () => resolve(connection));
    connection.once('error', reject);
  });
  let exitCode: number | null = null;
  let resolvePid!: (pid: number) => void;
  let resolveExit!: (code: number) => void;
  const pid = new Promise<number>((resolve) => (resolvePid = resolve));
  const exited = new Promise<number>((resolve) => (resolveExit = resolve));
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, end)) as { pid?: number; exit?: number };
      buffered = buffered.slice(end + 1);
      if (message.pid !== undefined) resolvePid(message.pid);
      if (message.exit !== undefined) {
        exitCode = message.exit;
        resolveExit(message.exit);
        socket.end();
      }
    }
  });
  // The fork server gone (its run ended): the child went with it.
  socket.once('close', () => {
    if (exitCode === null) {
      exitCode = -9;
      resolveExit(-9);
    }
  });
  socket.write(
    `${JSON.stringify({
      ...('module' in start.run ? { module: start.run.module } : { code: start.run.code }),
      argv: [python, ...start.argv],
      env: start.env,
      cwd: start.cwd,
      log: start.log,
    })}\n`,
  );
  const childPid = await pid;
  return {
    pid: childPid,
    get exitCode() {
      return exitCode;
    },
    exited,
    kill: (signal) => {
      try {
        process.kill(childPid, signal);
      } catch {
        // Exited already.
      }
    },
  };
}

/**
 * The socket of the venv's fork server in this run, started by the first worker that asks: the
 * others wait for it to say it is ready. A start that failed fails every worker, with its words.
 */
async function forkServerOf(folder: string, python: string, modules: string): Promise<string> {
  const name = createHash('sha256').update(python).digest('hex').slice(0, 12);
  const socketPath = join(folder, `${name}.sock`);
  const ready = join(folder, `${name}.ready`);
  const failed = join(folder, `${name}.failed`);
  let starter = false;
  try {
    mkdirSync(join(folder, `${name}.lock`));
    starter = true;
  } catch {
    // Another worker starts it.
  }
  if (starter) {
    const home = join(folder, 'home');
    mkdirSync(home, { recursive: true });
    const log = openSync(join(folder, `${name}.log`), 'a');
    const server = spawn(python, [SCRIPT, socketPath, modules, String(process.ppid)], {
      cwd: folder,
      detached: true,
      stdio: ['ignore', 'pipe', log],
      // What every server's environment holds alike (agentServer.ts); what differs, it is given
      // when it is forked. Marked, so that one left behind fails the run as any would.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        [MARKER]: folder,
        HOME: home,
        TZ: 'UTC',
        LITELLM_LOCAL_MODEL_COST_MAP: 'true',
      },
    });
    server.unref();
    writeFileSync(join(folder, `${name}.pid`), String(server.pid));
    const stdout = server.stdout;
    if (!stdout) throw new Error('The fork server was started without its stdout');
    const said = await new Promise<string>((resolve) => {
      let out = '';
      stdout.setEncoding('utf8');
      stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('ready\n')) resolve('ready');
      });
      server.once('exit', (code) => resolve(`exited with ${code}`));
    });
    stdout.destroy();
    if (said === 'ready') writeFileSync(ready, '');
    else {
      const why = `The agent-server's fork server ${said}: ${readFileSync(join(folder, `${name}.log`), 'utf8')
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')}`;
      writeFileSync(failed, why);
      throw new Error(why);
    }
    return socketPath;
  }
  await fileAppears(folder, [ready, failed], 180_000);
  if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
  return socketPath;
}

/** Resolves once one of `files` (in `folder`) exists, as the folder's watcher says. */
async function fileAppears(folder: string, files: string[], timeoutMs: number): Promise<void> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const seen = new AbortController();
  const changes = watch(folder, { signal: AbortSignal.any([timeout, seen.signal]) })[Symbol.asyncIterator]();
  // The first `next()` sets the watcher; looked for only then, so a file made just before that
  // is seen here and one made after it is seen by the watcher.
  let change = changes.next();
  try {
    while (!files.some((file) => existsSync(file))) {
      if ((await change).done) throw new Error(`The watcher of ${folder} ended`);
      change = changes.next();
    }
  } catch (error) {
    if (timeout.aborted)
      throw new Error(`The agent-server's fork server in ${folder} did not start within 180 s`);
    throw error;
  } finally {
    // Ends the watcher through its signal: its `return()` would wait for the change asked for.
    seen.abort();
    change.catch(() => undefined);
  }
}

/** The run's end: each fork server (and any server it forked) is ended, and the folder removed. */
export async function endForkServers(folder: string): Promise<void> {
  const sockets = readdirSync(folder)
    .filter((file) => file.endsWith('.sock'))
    .map((file) => join(folder, file));
  const pids = readdirSync(folder)
    .filter((file) => file.endsWith('.pid'))
    .map((file) => Number(readFileSync(join(folder, file), 'utf8')));
  // A connection to each closes when its fork server has exited (it ends its servers first).
  const gone = (await Promise.all(sockets.map(connectionTo))).map((connection) => connection.closed);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Ended already.
    }
  }
  // At most ten seconds for them to end on their own, then a kill.
  await Promise.race([Promise.all(gone), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
  rmSync(folder, { recursive: true, force: true });
}

/**
 * A connection to the socket's server, once made (or refused: then it is closed already), and
 * its close. (Wrapped in an object: a promise resolved with a promise would wait for that one.)
 */
function connectionTo(socketPath: string): Promise<{ closed: Promise<void> }> {
  return new Promise((connected) => {
    const socket = connect(socketPath);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.once('connect', () => connected({ closed }));
    socket.once('error', () => connected({ closed }));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
