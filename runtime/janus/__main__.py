"""`janus-python -m janus [--help|--version|explain ...]` → the switches and the build,
or the explain report (janus/observe/explain.py), on stdout."""

import sys

from . import __version__, config


def main(argv: list[str]) -> int:
    if argv in ([], ["--help"], ["-h"]):
        print(f"janus-python {__version__} (CPython {sys.version.split()[0]})\n")
        print("usage: janus-python [python options] script.py [args]")
        print("       janus-python -m janus explain STATS.json | -- script.py [args]\n")
        print(config.help_text())
        return 0
    if argv[:1] == ["explain"]:
        from .observe import explain
        return explain.main(argv[1:])
    if argv == ["--version"]:
        print(f"janus-python {__version__} on {sys.version}")
        return 0
    print(f"janus: unknown arguments {' '.join(argv)!r} (try --help)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
