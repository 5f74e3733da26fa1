"""What the pipeline says when a call cannot become a graph: the ground floor every
stage imports (no janus imports here)."""

import re
import traceback

_TERMINAL_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


class Unsupported(Exception):
    """The builder cannot convert this call; the interpreter runs it instead."""

    def __init__(self, reason, code=None, offset=None):
        # Keras re-raises an error inside a layer's call as the same type with its own
        # text around it, in bold: a reason is read in logs and JSON, so no terminal
        # escapes.
        reason = _TERMINAL_ESCAPES.sub("", reason)
        where = ""
        if code is not None:
            line = line_of(code, offset)
            where = f" ({code.co_qualname} at {code.co_filename}:{line})"
        super().__init__(reason + where)
        self.reason = reason


def clear_frames(exc):
    """Clear the locals of the finished frames `exc` and the exceptions chained to it
    passed through.  A build's frames hold the program's values it read (a list item it
    was about to overwrite); an exception kept past its handler keeps those frames, and
    through them the values, alive past the point where eager frees them
    (docs/soundness.md#object-lifetime).  A frame still running is left as it is."""
    pending, seen = [exc], set()
    while pending:
        exc = pending.pop()
        if exc is None or id(exc) in seen:
            continue
        seen.add(id(exc))
        traceback.clear_frames(exc.__traceback__)
        pending += (exc.__context__, exc.__cause__)


def kept(exc):
    """`exc` made fit to be kept after its handler ends (a cond arm's refusal, stored to
    be raised later or not): its frames cleared, and no traceback, which would hold the
    handling frame in a cycle with the exception its locals keep."""
    clear_frames(exc)
    return exc.with_traceback(None)


def line_of(code, offset):
    if offset is None:
        return code.co_firstlineno
    for start, end, line in code.co_lines():
        if start <= offset < end and line is not None:
            return line
    return code.co_firstlineno


class NeedsReference(Unsupported):
    """Recursion over objects that are specialised by identity: the named arguments must
    become object pointers (the executor rebuilds at once)."""

    def __init__(self, names, code=None, offset=None):
        super().__init__(f"recursion over the objects of {', '.join(sorted(names))}",
                         code, offset)
        self.names = names


class NeedsIdentity(Unsupported):
    """The call mutates a list or dict it was passed (a mutable default argument, a
    history list): the named arguments must be the caller's very objects, guarded by
    identity, for the writes to land on them (the executor rebuilds at once)."""

    def __init__(self, names, code=None, offset=None):
        super().__init__(f"the call mutates the containers of {', '.join(sorted(names))}",
                         code, offset)
        self.names = names


class NeedsExactShapes(Unsupported):
    """A tensor whose dimension the cache relaxed reaches code that eager runs per
    shape (the program's tf.function): the executor builds again with every dimension
    exact, and the cache keeps one graph per shape from then on."""


class Retry(Unsupported):
    """The build met something that changes how the call must be built (library code
    calling back into the program, a loop that cannot be unrolled after all): the
    executor builds the call again, which then knows it."""


class NotYet(Unsupported):
    """This call runs in the interpreter, and a later call builds: something the build
    needs only exists after an eager call (a profile, a Keras layer's weights)."""


class NeedsProfile(NotYet):
    """A recursive function's results are unknown until its calls were profiled."""


class Raises(Unsupported):
    """The path being built reaches a `raise`: the interpreter must run this call."""


class BuildRaised(Raises):
    """TF, Keras or Python raised while this call was built (a Keras optimizer whose
    `amsgrad` the loop switched on has no slots for it yet): the interpreter runs the
    call, which may raise the same error, and a later call builds again, less often each
    time (the executor backs off) until it gives up."""


class Thrown(Raises):
    """The path being built raises `exception`, a Python object the guards fix
    (raising.py routes it to the code's own handler, if one covers the instruction)."""

    def __init__(self, exception, code, offset, how="raises"):
        super().__init__(f"this call {how} {type(exception).__name__}", code, offset)
        self.exception, self.how = exception, how
