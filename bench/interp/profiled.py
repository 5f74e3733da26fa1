"""`profiled.py SCRIPT ARGS...`: run SCRIPT as __main__ with every code object in it
flagged for janus profiling (branches, loops, callees, values, returns).

This is the "profiling on" setup of bench/interp/run.py: the worst case, where all of a
program's own code is being profiled at once.
"""

import sys
import types

import janus


def code_objects(code):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from code_objects(const)


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        module_code = compile(f.read(), path, "exec")
    flagged = 0
    for code in code_objects(module_code):
        if code is module_code:
            continue  # module bodies run once; janus profiles functions
        try:
            janus.flag(code)
            flagged += 1
        except ValueError:
            pass      # generators and coroutines: janus leaves them to the interpreter
    sys.argv = sys.argv[1:]
    globals_ = {"__name__": "__main__", "__file__": path, "__builtins__": __builtins__}
    exec(module_code, globals_)
    print(f"profiled.py: {flagged} code objects flagged", file=sys.stderr)


if __name__ == "__main__":
    main()
