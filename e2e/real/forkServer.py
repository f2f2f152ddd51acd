"""Starts agent-servers by fork, from a process that has already imported their libraries.

Every start of the agent-server spends about 17 CPU-seconds importing litellm, browser-use,
fastapi, pydantic's models and the rest, and a run of the real suites starts it ten times. This
process imports those third-party libraries once, then forks a child per start; the child sets
the server's own environment, working folder and log, and runs `python -m openhands.agent_server`
as a fresh process would, so the server's own modules (openhands.*) are still imported in the
child, after its environment is set: their configuration is read at import (api.py builds the app
and its config at module level).

A third-party module could keep something it read from the environment at import, and the
child's environment differs from this process's (HOME, PATH, OH_*). So every read of those
variables during the imports is recorded; a module that reads one is not imported here
(`LEFT_TO_THE_CHILD`), and a read not known to be harmless stops this process with the module's
name rather than letting servers share what it kept.

Usage: python forkServer.py SOCKET MODULE_LIST OWNER_PID
  MODULE_LIST: the server's imports of other libraries, in order, one per line (`NAME FROMLIST`),
  as `python forkServer.py --list MODULE_LIST` writes them (scripts/agent-server-venv.sh).
  OWNER_PID: the process whose end ends this one (the Playwright runner).
Protocol (one Unix socket connection per child, JSON lines):
  request  {"argv": [...], "module": "openhands.agent_server" | null, "code": "..." | null,
            "env": {...}, "cwd": "...", "log": "..."}
  answers  {"pid": N}, then {"exit": CODE} (a negative CODE: killed by that signal).
A connection that closes before its child exits kills the child: a worker that dies leaves no
server behind.
"""

import importlib
import json
import os
import selectors
import signal
import socket
import sys
import traceback

# The variables a server is given its own value of (e2e/real/agentServer.ts).
PER_SERVER = ("HOME", "PATH", "PWD", "TZ", "TETHER_TEST_PROCESS")
PER_SERVER_PREFIXES = ("OH_", "GIT_")

# Reads of those during the imports that keep nothing: (variable, the module that read it).
HARMLESS_READS = {
    # sysconfig's user base (zoneinfo asks it for the time-zone path): a venv has no user site.
    ("HOME", "sysconfig"),
}

# Imported by the child: fastmcp's settings keep a data folder under HOME, made at import.
LEFT_TO_THE_CHILD = ("fastmcp",)


# What Python's start-up added to this process's environment (PEP 538's locale coercion), before
# anything else ran: forkServer.ts starts it without LC_CTYPE.
COERCED_LOCALE = {name: os.environ[name] for name in ("LC_CTYPE",) if name in os.environ}


def per_server(name):
    return name in PER_SERVER or name.startswith(PER_SERVER_PREFIXES)


def reader_of_read():
    """The module that read: the innermost frame that is not the import machinery's or this file's."""
    for frame in reversed(traceback.extract_stack()[:-3]):
        path = frame.filename
        if path.startswith("<frozen") or path == __file__:
            continue
        if "site-packages/" in path:
            return path.split("site-packages/", 1)[1].split("/", 1)[0].removesuffix(".py")
        return path.rsplit("/", 1)[-1].removesuffix(".py")
    return "?"


def import_libraries(module_list):
    environ_class = type(os.environ)
    original_getitem = environ_class.__getitem__
    original_contains = environ_class.__contains__
    reads = set()

    def getitem(self, key):
        if per_server(key):
            reads.add((key, reader_of_read()))
        return original_getitem(self, key)

    def contains(self, key):
        if per_server(key):
            reads.add((key, reader_of_read()))
        return original_contains(self, key)

    environ_class.__getitem__ = getitem
    environ_class.__contains__ = contains
    try:
        with open(module_list, encoding="utf-8") as lines:
            for line in lines.read().splitlines():
                name, _, fromlist = line.partition(" ")
                if name.split(".", 1)[0] in LEFT_TO_THE_CHILD:
                    continue
                try:
                    __import__(name, fromlist=fromlist.split(",") if fromlist else ())
                except Exception:
                    # What fails here fails in the child too, where the server meets it.
                    pass
    finally:
        environ_class.__getitem__ = original_getitem
        environ_class.__contains__ = original_contains
    kept = sorted(read for read in reads if read not in HARMLESS_READS)
    if kept:
        described = ", ".join(f"{variable} by {reader}" for variable, reader in kept)
        sys.exit(f"forkServer: imports read a server's own variables ({described}); leave them to the child")
    left = [name for name in sys.modules if name.split(".", 1)[0] in LEFT_TO_THE_CHILD]
    if left:
        sys.exit(f"forkServer: {left[0]} was imported by another library; leave that one to the child too")
    # A fork copies only the thread that forks: a lock another thread held stays held in every
    # child, and what that thread was doing is never finished there. (litellm starts one to fetch
    # its cost map when LITELLM_LOCAL_MODEL_COST_MAP is not set.)
    import threading

    others = [thread.name for thread in threading.enumerate() if thread is not threading.current_thread()]
    if others or len(os.listdir("/proc/self/task")) > 1:
        sys.exit(f"forkServer: the imports started threads ({', '.join(others) or 'not Python’s'}); a fork would lose them")


def list_imports(out):
    """Writes the server's imports of other libraries, as its own modules make them, in order.

    Only the imports written in the server's modules (openhands.*) and in uvicorn's start, not
    every module they load: a library's own modules are loaded by its import, in its order. Importing
    each module by name instead bound submodules over some of litellm's lazily made attributes, and
    a sub-agent's model lost its provider.
    """
    import builtins

    original_import = builtins.__import__
    seen = {}

    def recording_import(name, globals=None, locals=None, fromlist=(), level=0):
        importer = (globals or {}).get("__name__", "")
        if level == 0 and not name.startswith("openhands") and importer.startswith("openhands"):
            seen.setdefault((name, ",".join(fromlist or ())), None)
        return original_import(name, globals, locals, fromlist, level)

    builtins.__import__ = recording_import
    try:
        import uvicorn  # noqa: F401
        import openhands.agent_server.__main__  # noqa: F401
        import openhands.agent_server.api  # noqa: F401
    finally:
        builtins.__import__ = original_import
    with open(out, "w", encoding="utf-8") as file:
        file.write("uvicorn\n")
        for name, fromlist in seen:
            file.write(f"{name} {fromlist}".rstrip() + "\n")


def run_child(request, inherited):
    """In the forked child: become the server a fresh `python -m` would have started."""
    try:
        # Nothing of this process's serving stays open in the child: the listener, every
        # worker's connection (a sibling server holding one would keep it from closing), the
        # selector and the pipe that signals woke it through.
        signal.set_wakeup_fd(-1)
        for each in inherited:
            each.close() if hasattr(each, "close") else os.close(each)
        for number in (signal.SIGCHLD, signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(number, signal.SIG_DFL)
        os.environ.clear()
        os.environ.update(request["env"])
        # Python coerces a C locale to C.UTF-8 at start-up by setting LC_CTYPE in its own
        # environment (PEP 538), which its children inherit: tmux among them, which without it
        # prints libtmux's separator as "_", and the terminal tool fails. A fresh server would
        # have done it with this environment too.
        if not any(request["env"].get(name) for name in ("LC_ALL", "LC_CTYPE", "LANG")):
            os.environ.update(COERCED_LOCALE)
        os.chdir(request["cwd"])
        log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        sys.argv = request["argv"]
        # As `python -m` and `python -c` set it: the working folder, or the empty string for it.
        sys.path[0] = os.getcwd() if request.get("module") else ""
        code = 0
        try:
            if request.get("module"):
                import runpy

                runpy.run_module(request["module"], run_name="__main__", alter_sys=True)
            else:
                exec(compile(request["code"], "<forkServer>", "exec"), {"__name__": "__main__"})
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        except BaseException:
            traceback.print_exc()
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        # atexit's handlers, as a process that returns from its main module runs them.
        try:
            import atexit

            atexit._run_exitfuncs()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)


def send(connection, message):
    try:
        connection.sendall((json.dumps(message) + "\n").encode())
    except OSError:
        pass


def serve(socket_path, owner_pid):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path)
    listener.listen(16)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "accept")
    # A signal's byte wakes the selector when a child exits.
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    selector.register(wake_read, selectors.EVENT_READ, "child")
    children = {}  # pid -> connection
    pending = {}  # connection -> bytes read so far
    print("ready", flush=True)

    def end_children():
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, lambda *_: (end_children(), os._exit(0)))
    while True:
        for key, _ in selector.select(timeout=1.0):
            if key.data == "accept":
                connection, _ = listener.accept()
                pending[connection] = b""
                selector.register(connection, selectors.EVENT_READ, "request")
            elif key.data == "child":
                os.read(wake_read, 4096)
            else:
                connection = key.fileobj
                data = connection.recv(65536)
                pid = next((p for p, c in children.items() if c is connection), None)
                if not data:
                    selector.unregister(connection)
                    connection.close()
                    pending.pop(connection, None)
                    if pid is not None:
                        try:
                            os.kill(pid, signal.SIGKILL)
                        except ProcessLookupError:
                            pass
                    continue
                if pid is not None:
                    continue
                pending[connection] += data
                if b"\n" not in pending[connection]:
                    continue
                request = json.loads(pending.pop(connection).split(b"\n", 1)[0])
                pid = os.fork()
                if pid == 0:
                    run_child(request, [listener, selector, wake_read, wake_write, *pending, *children.values(), connection])
                children[pid] = connection
                send(connection, {"pid": pid})
        while children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            connection = children.pop(pid, None)
            if connection is not None:
                code = os.waitstatus_to_exitcode(status)
                send(connection, {"exit": code})
        try:
            os.kill(owner_pid, 0)
        except ProcessLookupError:
            end_children()
            return


def main():
    if sys.argv[1] == "--list":
        list_imports(sys.argv[2])
        return
    socket_path, module_list, owner_pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
    import_libraries(module_list)
    serve(socket_path, owner_pid)


if __name__ == "__main__":
    main()
