"""Rewrites the absolute `#!/…/python3.13` lines of a prefix's bin/ scripts into a
trampoline that finds the interpreter beside the script, so the prefix can be moved.

pip and CPython's own install write the interpreter's path at install time: the cached
interpreter's scripts (pip3, pydoc3, idle3) name the cache, the dependencies' (pytest,
cython, f2py) the prefix; neither survives a copy of the tree elsewhere.
Usage: python3.13 relocatable-scripts.py PREFIX
"""

import os
import re
import sys

# Python reads line 2-3 as a string literal; sh runs `exec` on line 2 and never reads on.
# readlink -f: a script reached through a symlink outside bin/ still finds bin/.
TRAMPOLINE = (
    b"#!/bin/sh\n"
    b"'''exec' \"$(dirname -- \"$(readlink -f -- \"$0\")\")/python3.13\" \"$0\" \"$@\"\n"
    b"' '''\n"
)
PYTHON_SHEBANG = re.compile(rb"^#!\s*/\S*/python3(\.\d+)?\s*$")


def rewrite(path):
    with open(path, "rb") as f:
        first = f.readline()
        if not PYTHON_SHEBANG.match(first):
            return False
        rest = f.read()
    mode = os.stat(path).st_mode
    tmp = path + ".relocating"
    with open(tmp, "wb") as f:
        f.write(TRAMPOLINE + rest)
    os.chmod(tmp, mode)
    os.replace(tmp, path)
    return True


def main(prefix):
    bindir = os.path.join(prefix, "bin")
    if not os.path.isdir(bindir):
        sys.exit(f"error: {bindir} is not a directory")
    for name in sorted(os.listdir(bindir)):
        path = os.path.join(bindir, name)
        if os.path.isfile(path) and not os.path.islink(path):
            rewrite(path)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: relocatable-scripts.py PREFIX")
    main(sys.argv[1])
