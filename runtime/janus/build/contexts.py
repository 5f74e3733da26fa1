"""The `with` blocks of library context managers (a tape, a device) a build enters: what
WITH_EXCEPT_START and the block's normal exit call.  A Python context manager's
__enter__/__exit__ are inlined instead (frame.py)."""

import contextlib

import tensorflow as tf

from ..errors import Unsupported
from ..frontend import bytecode
from ..values import LIBRARY_MODULES, is_library_object

# Library `@contextmanager` functions whose whole effect is on the graph being built: a
# device, a summary condition or scope, a paused tape.  Entered once at build time they
# scope the graph's ops as eager's entry at each call scopes that call's ops (what
# tf.function does too).  Others are refused: tf.init_scope's ops, for one, would run
# once, at the build, where eager runs them at every call.
GRAPH_SCOPES = frozenset({"device.<locals>.combined", "Graph.device", "record_if",
                          "summary_scope", "GradientTape.stop_recording"})


def library_generator(manager):
    """The name of the library `@contextmanager` function that made `manager`
    (`tf.device(...)` in a graph is one), else None."""
    frame = getattr(getattr(manager, "gen", None), "gi_frame", None)
    if isinstance(manager, contextlib._GeneratorContextManager) and frame is not None \
            and (frame.f_globals.get("__name__") or "").startswith(LIBRARY_MODULES):
        return manager.gen.gi_code.co_qualname
    return None


def enter_library(builder, manager, where):
    """(WithExit, __enter__'s result) of a library context manager the build enters
    natively, or None for one written in Python outside the library (inlined)."""
    scope = library_generator(manager)
    if scope is None and not is_library_object(manager):
        return None
    if scope is not None and scope not in GRAPH_SCOPES:
        raise Unsupported(f"`with` on TensorFlow's {scope.split('.<')[0]}(), a context "
                          "manager janus does not enter while building a graph", *where)
    exit_fn = type(manager).__exit__.__get__(manager)
    enter = type(manager).__enter__
    # janus/detect/tape.py wraps GradientTape.__enter__ to find training steps; the builder
    # enters the tape of the graph it builds, which is no training step.
    enter = getattr(enter, "__wrapped__", enter)
    is_tape = isinstance(manager, tf.GradientTape)
    if is_tape:
        builder.arm_tapes.opened(manager, builder.innermost_region())
    if is_tape and not manager._persistent and manager._tape is None and \
            builder.plan.tapes_kept_for_arms:
        # TF's record of a tape that is not persistent is released by its one use; the
        # builder uses it on both arms of a branch, and dry runs of them first
        # (arm_tapes.py): its record is made to keep, and the tape stays one use.
        manager._persistent = True
        try:
            result = enter(manager)
        finally:
            manager._persistent = False
        builder.arm_tapes.kept(manager)
    else:
        result = enter(manager)
    builder.inlining.entered.append(exit_fn)
    return WithExit(builder, exit_fn), result


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
            self.builder.inlining.entered.remove(self.exit_fn)
        return self.exit_fn(*exc_info)


