"""Run a command with SIGINT at its default disposition.

A job started in the background by a non-interactive shell (`cmd &`, nohup, some CI
runners) inherits SIGINT ignored, and exec keeps it ignored.  Python then installs no
KeyboardInterrupt handler, and CPython's own tests that raise SIGINT
(test_generators' test_raise_and_yield_from) fail on any build, stock included.
Resetting the disposition before exec makes the regression tests independent of how
they were started.

    python tools/default-sigint.py COMMAND [ARGS...]
"""

import os
import signal
import sys

if len(sys.argv) < 2:
    sys.exit("usage: default-sigint.py COMMAND [ARGS...]")
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
