"""One interpreter per mode that imports TensorFlow once, then forks a child per program.

Importing TF and Keras costs ~4.7 s of CPU, four fifths of a small program's run; a
fork server pays it once per fuzzing session.  The server imports TF but runs no op
(the eager context and its thread pools start lazily, in each child), so forking is
safe.  Each child redirects its stdout/stderr to files, runs launch.main, writes
janus's stats (what JANUS_STATS would write) and leaves with os._exit.

Protocol on the server's stdin/stdout, one JSON line each way:
  {"program", "dump", "stats", "out", "err"}  ->  {"pid"} then {"status"}
`status` is the child's wait status (os.waitstatus_to_exitcode form).
"""

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


class Zygote:
    """The parent side: one server process for one JANUS_MODE."""

    def __init__(self, python, mode, env):
        self.mode = mode
        self.proc = subprocess.Popen([str(python), str(HERE / "zygote.py")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env={**env, "JANUS_MODE": mode}, text=True, bufsize=1,
                                     cwd=HERE)
        ready = self.proc.stdout.readline()
        if not ready.startswith("ready"):
            raise RuntimeError(f"fuzz fork server ({mode}) did not start: {ready!r}")

    def run(self, program, dump, stats, out, err, timeout):
        """The child's exit code (negative: killed by that signal), or None at the timeout."""
        request = {"program": str(program), "dump": str(dump),
                   "stats": str(stats) if stats else "", "out": str(out), "err": str(err)}
        self.proc.stdin.write(json.dumps(request) + "\n")
        pid = json.loads(self.proc.stdout.readline())["pid"]
        deadline = time.monotonic() + timeout
        timed_out = False
        while True:
            ready, _, _ = select.select([self.proc.stdout], [], [], 1.0)
            if ready:
                break
            if not timed_out and time.monotonic() > deadline:
                timed_out = True
                try:
                    os.kill(pid, 9)
                except ProcessLookupError:
                    pass
        status = json.loads(self.proc.stdout.readline())["status"]
        return None if timed_out else status

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


def serve():
    import launch
    import tensorflow as tf
    tf.keras.layers.Dense  # noqa: B018  Keras 3 loads lazily: load it here, before forking
    print("ready", flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(launch, request)
        print(json.dumps({"pid": pid}), flush=True)
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"status": os.waitstatus_to_exitcode(status)}), flush=True)


def _child(launch, request):
    code = 1
    try:
        sys.stdin.close()
        for fd, path in ((1, request["out"]), (2, request["err"])):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(target, fd)
            os.close(target)
        os.chdir(Path(request["dump"]).parent)
        launch.main(request["program"], request["dump"])
        if request["stats"]:
            from janus.observe import counters
            counters.write_json(request["stats"])
        code = 0
    except BaseException:
        import traceback
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


if __name__ == "__main__":
    serve()
