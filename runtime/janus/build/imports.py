"""`import` statements inside the step → the modules sys.modules holds, guarded there.

Importing a module that is already imported runs nothing: CPython finds it in
sys.modules (no finder runs, no audit event) and hands it back, or the top package for
`import a.b`.  The build takes the same modules from sys.modules and guards that they
are still there, the same objects, and that `builtins.__import__` is CPython's own (an
override would run the program's code at each import).  A module not imported yet or
still initialising, a relative import, and a `from m import name` whose name is a
submodule not yet imported run the import system: refused.
"""

import builtins
import sys

from .. import guards
from ..errors import Unsupported
from ..state import reads

_IMPORT = builtins.__import__


class Imports:
    """Opcode handlers of janus/build/frame.py's Frame for `import`."""

    def op_IMPORT_NAME(self, ins):
        fromlist, level = self.pop(), self.pop()
        self.push(imported(self.b, ins.argval, fromlist, level, self.code, ins.offset))

    def op_IMPORT_FROM(self, ins):
        module, name = self.stack[-1], ins.argval
        if not hasattr(module, name):
            raise Unsupported(f"from {module.__name__} import {name}: a submodule not "
                              "imported yet (the import system would run)", self.code,
                              ins.offset)
        self.push(self.b.load_attr(module, name, self.code, ins.offset))


def imported(b, name, fromlist, level, code, offset):
    """What IMPORT_NAME gives for a module already imported, read from sys.modules."""
    if level != 0:
        raise Unsupported("a relative import inside the step", code, offset)
    hook = reads.value_at(b, guards.attr(guards.const(builtins), "__import__"),
                          builtins.__import__, "builtins.__import__", code, offset)
    if hook is not _IMPORT:
        raise Unsupported("`import` with builtins.__import__ replaced (the program's "
                          "code would run at each import)", code, offset)
    parts = name.split(".")
    modules = {}
    for end in range(1, len(parts) + 1):
        dotted = ".".join(parts[:end])
        module = sys.modules.get(dotted)
        spec = getattr(module, "__spec__", None)
        if module is None or getattr(spec, "_initializing", False):
            raise Unsupported(f"import of {dotted}, which is not imported yet (the "
                              "import system would run inside the step)", code, offset)
        modules[dotted] = reads.value_at(b, guards.item(guards.const(sys.modules), dotted),
                                         module, f"sys.modules[{dotted!r}]", code, offset)
    return modules[name] if fromlist else modules[parts[0]]
