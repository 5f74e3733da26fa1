"""The `with` blocks of library context managers (a tape) a build enters: what
WITH_EXCEPT_START and the block's normal exit call.  A Python context manager's
__enter__/__exit__ are inlined instead (frame.py)."""

from . import bytecode
from .errors import Unsupported


class WithExit:
    """The __exit__ that BEFORE_WITH pushes; called by the with-block's normal exit, or
    by WITH_EXCEPT_START with the exception that leaves the block."""
    __slots__ = ("builder", "exit_fn", "inlined", "user_exit", "region")

    def __init__(self, builder, exit_fn, inlined=False, user_exit=None):
        self.builder, self.exit_fn, self.inlined = builder, exit_fn, inlined
        self.user_exit = user_exit          # the program's __exit__, when inlined
        self.region = builder.innermost_region()

    def refuse_traceback_reads(self, frame, ins):
        """A program's __exit__ that reads its traceback argument would see janus's
        build, not the interpreter's frames: refused."""
        if self.user_exit is None:
            return
        code = self.user_exit.__code__
        names = code.co_varnames[:code.co_argcount]
        if len(names) < 4 or code.co_flags & (0x04 | 0x08) or any(
                ins_.argval == names[3] or type(ins_.argval) is tuple and
                names[3] in ins_.argval
                for ins_ in bytecode.decode(code) if ins_.opname.startswith("LOAD_FAST")):
            frame.fail(f"{self.user_exit.__qualname__} may read the traceback of the "
                       "exception that leaves its `with` block", ins)

    def __call__(self, *exc_info):
        if not self.inlined:
            if self.builder.innermost_region() != self.region:
                # The real __exit__ (a tape stops recording) would run on every arm and
                # dry run that leaves the block: once for all of them.
                raise Unsupported("leaving a library `with` block inside a branch or "
                                  "loop on a tensor entered outside it",
                                  *self.builder.where)
            self.builder.entered.remove(self.exit_fn)
        return self.exit_fn(*exc_info)


