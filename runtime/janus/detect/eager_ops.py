"""TensorFlow ops run by the interpreter → the user functions that run them in many calls.

Training steps are found by their GradientTape (janus/detect/tape.py).  Acting, evaluation,
sampling and metric loops never enter a tape, so janus also watches TF's eager op entry
points (pywrap_tfe.TFE_Py_FastPathExecute, which every generated op wrapper calls, and
TFE_Py_Execute, its slow path and the call of every graph).  Code that never runs a TF
op never reaches the watch and pays nothing; an eager op pays one Python call and a walk
up the stack to the innermost frame of the program's own code.

The rule (docs/coverage.md#hot-code-without-a-tape):
- An op belongs to the chain of user frames above it: frames of the program's code, not
  of the standard library or an installed package (purity.is_library_code).  Each code
  object in the chain counts the calls in which it, or user code it called, ran an op.
  The walk stops at the first frame already counted for this call, so an op costs one
  more step up the stack only in the first op of a new call.
- When a code reaches JANUS_HOT_OPS such calls, janus takes over the outermost function
  of the chain that was called repeatedly (2 counted calls or more) and that it can
  convert: a function, not module-level code or a generator; not one that made closures;
  not a closure that its caller makes anew and calls once at each of its calls (each graph
  would hold one call's cells); not one janus gave up; and not a loop driver.  Inner
  frames of the chain are covered by it (their code is inlined in its graph).  The
  function called once per step is so picked over the helpers and the model it calls, and
  a loop driver that runs many steps in one call is never picked in place of its per-step
  callee.
- A loop driver is a function one call of which called the same user callee, from any
  call site, JANUS_HOT_OPS times or more: an episode loop, an evaluation loop.
- When the function picked is refused, or janus gives it up later, the codes it covered
  count again from zero and become candidates themselves.  A given-up function's calls
  cost what they cost before (executor.CodeState.give_up) plus one op walk per call: its
  other ops see that call walked already (CodeWatch.walked_call).

A call is told from the next by its number: janus_ext counts the calls a counted code
starts (count_calls, at the entry hook of cpython-patches/0003).  Keeping the call's
frame to compare it by identity (a freed frame's address is reused by the next call)
kept the frame's locals alive after the call returned, until the code's next call
(docs/soundness.md#object-lifetime).
"""

import logging
import sys

import janus_ext

from ..build import purity

first_user_frame = janus_ext.first_user_frame

log = logging.getLogger(__name__)

_CO_OPTIMIZED = 0x1         # function code, not a module or class body
CALLED_REPEATEDLY = 2


class CodeWatch:
    """What the op walk knows about one code object of the program."""

    __slots__ = ("code", "counted_calls", "call", "parent", "parent_code",
                 "calls_in_parent", "driver", "decided", "covered_by", "state", "stats",
                 "walked_call", "walk")

    def __init__(self, code):
        self.code = code
        self.counted_calls = 0
        self.call = -1              # the number of the call counted last (call_count)
        self.parent = None          # the call that made it: (CodeWatch, its number)
        self.parent_code = None     # and that call's code
        self.calls_in_parent = 0    # calls made by that same parent call
        if code.co_flags & _CO_OPTIMIZED:
            janus_ext.count_calls(code)
        else:
            self.call = -2     # module-level code, a class body: decided at its first op
        self.driver = False         # one call ran a loop over a user callee
        self.decided = False        # handed to the executor, or covered by one that was
        self.covered_by = None      # the CodeWatch whose graph inlines this code
        self.state = None           # executor.CodeState when janus took this code over
        # Its counters (state.stats), whose `calls` janus's entry hook counts at every
        # call, and their value when an op of it was walked last: the later ops of that
        # call skip the walk (it would find nothing new), so a function janus took over
        # and gave up costs one walk per call, not one per op.
        self.stats = None
        self.walked_call = -1
        self.walk = 0               # the walk that counted it last (recursion)

    def given_up(self):
        return self.state is None or self.state.stats.not_converted is not None

    def take(self, state):
        self.state, self.stats, self.walked_call = state, state and state.stats, -1

    def forget_calls(self):
        """Decided: its calls need telling apart no more."""
        # -2: never a call's number (call_count answers -1 for a code not counted), so
        # its ops still walk on to count its callers.
        self.call, self.parent, self.parent_code = -2, None, None
        janus_ext.stop_counting(self.code)

    def this_call(self):
        return janus_ext.call_count(self.code)

    def count_again(self):
        self.decided, self.covered_by = False, None
        self.take(None)
        self.counted_calls = self.calls_in_parent = 0
        self.call, self.parent, self.parent_code = -1, None, None
        janus_ext.count_calls(self.code)


class OpWatch:
    """The counters of one interpreter; `note_op` runs before every eager op."""

    def __init__(self, hot_calls, executor_module):
        self.hot_calls = hot_calls
        self.executor = executor_module
        self.user: dict = {}         # id(code) -> CodeWatch
        self.walks = 0
        self.busy = False            # deciding (executor calls must not count)
        self.broken = None           # an internal error stops the watch for good
        # Held here, not read from this module's globals: at interpreter exit CPython
        # empties module dicts while the program's last ops (a summary writer's
        # flush) still run.
        self._finalizing = sys.is_finalizing
        self._first_user_frame = first_user_frame

    def _user_frame(self, frame):
        """The first user frame from `frame` up, and its CodeWatch (or None, None)."""
        while True:
            frame = self._first_user_frame(frame)       # past code marked as library
            if frame is None:
                return None, None
            code = frame.f_code
            watch = self.user.get(id(code))
            if watch is not None:
                return frame, watch
            if not purity.is_library_code(code, frame.f_globals):
                watch = self.user[id(code)] = CodeWatch(code)
                return frame, watch
            janus_ext.mark_library(code)
            frame = frame.f_back

    def note_op(self, frame):
        """An op ran in `frame`, a user frame whose call is not counted yet."""
        if self.busy or self.broken is not None or self._finalizing():
            return
        try:
            self._walk(frame)
        except Exception as exc:      # never let janus break the program's op
            log.exception("janus: hot-code detection stopped")
            self.broken = f"{type(exc).__name__}: {exc}"

    def _walk(self, frame):
        frame, watch = self._user_frame(frame)
        if frame is None or watch.call == watch.this_call():
            return
        if watch.stats is not None:
            watch.walked_call = watch.stats.calls
        self.walks += 1
        walk = self.walks
        start = frame
        child = None
        reached = False
        while frame is not None:
            call = watch.this_call()
            if child is not None:
                # `child` began a new call, made by this call of `watch`.  A call of its
                # own code (recursion) starts a newer number than its caller's: the
                # caller is then known by its code alone.
                made_by = (watch, None if child is watch else call)
                if child.parent == made_by:
                    child.calls_in_parent += 1
                    if child.calls_in_parent >= self.hot_calls:
                        watch.driver = True
                else:
                    child.parent, child.parent_code = made_by, watch.code
                    child.calls_in_parent = 1
            if watch.call == call or watch.walk == walk:
                break        # counted for this call already (or a recursive call)
            if watch.decided and watch.covered_by is not None and \
                    watch.covered_by.given_up():
                watch.count_again()
                call = watch.this_call()      # (its count starts again at this call)
            if watch.decided:
                child = None
            else:
                watch.counted_calls += 1
                watch.call, watch.walk = call, walk
                reached = reached or watch.counted_calls == self.hot_calls
                child = watch
            frame, watch = self._user_frame(frame.f_back)
        if reached:
            self.busy = True
            try:
                self._decide(start)
            finally:
                self.busy = False

    def _decide(self, frame):
        chain = []
        while frame is not None:
            chain.append(frame)
            frame, _ = self._user_frame(frame.f_back)
        chain = [(f, self.user[id(f.f_code)]) for f in chain]
        for position in range(len(chain) - 1, -1, -1):
            frame, watch = chain[position]
            if not watch.decided and _remade_per_call(watch):
                # Each graph would hold one call's cells: a rebuild per call.  It is
                # inlined when its maker is converted.
                watch.decided = True
                watch.forget_calls()
                continue
            owner = self._owner(frame, watch)
            if owner is None:
                continue
            for _, inner in chain[:position]:
                if not inner.decided:
                    inner.decided, inner.covered_by = True, owner
                    inner.forget_calls()
            return
        # No function of the chain can be converted (module-level code, generators,
        # loop drivers): its codes go on counting, in case one is given up later.

    def _owner(self, frame, watch):
        """`watch` if janus converts (or is converting) its code from here, else None."""
        executor = self.executor
        if watch.decided:
            return watch if watch.covered_by is None and not watch.given_up() else None
        state = executor.taken_over(watch.code)
        if state is not None:         # a training step janus found by its tape
            watch.decided = True
            watch.take(state)
            watch.forget_calls()
            return None if watch.given_up() else watch
        if not watch.code.co_flags & _CO_OPTIMIZED or executor.rejected(watch.code):
            # Module-level code, a class body, or refused before: decided, so that it
            # holds no frame; its ops still let the walk count its callers.
            watch.decided = True
            watch.forget_calls()
            executor.stays_interpreted(watch.code)
            return None
        if watch.driver or watch.counted_calls < min(CALLED_REPEATEDLY, self.hot_calls):
            return None
        # A generator or a function that makes closures is refused here, with its
        # reason in JANUS_STATS.
        watch.decided = True
        watch.forget_calls()
        watch.take(executor.consider(
            watch.code, frame.f_globals,
            why=f"ran TensorFlow ops in {watch.counted_calls} calls (no GradientTape)"))
        return None if watch.given_up() else watch


def _remade_per_call(watch):
    """A closure that its caller makes, then calls once, at every call of the caller."""
    parent = watch.parent_code
    return bool(watch.code.co_freevars) and parent is not None and \
        watch.calls_in_parent < 2 and parent.co_flags & _CO_OPTIMIZED and \
        any(const is watch.code for const in parent.co_consts)


def install(pywrap_tfe, hot_calls, executor_module):
    """Wrap TF's eager op entry points so that every op is noted first."""
    watch = OpWatch(hot_calls, executor_module)
    getframe = sys._getframe
    first_user_frame = janus_ext.first_user_frame    # (the module's is emptied at exit)
    note_op = watch.note_op
    user = watch.user
    call_count = janus_ext.call_count
    fast_path = pywrap_tfe.TFE_Py_FastPathExecute
    execute = pywrap_tfe.TFE_Py_Execute

    # The common case inline, with no Python call of its own: an op of a call that was
    # counted already.
    def TFE_Py_FastPathExecute(*args):
        frame = first_user_frame(getframe(1))
        if frame is not None:
            seen = user.get(id(frame.f_code))
            if seen is not None and seen.stats is not None:
                seen.stats.eager_ops += 1
            if seen is None or seen.call != call_count(seen.code) and (
                    seen.stats is None or seen.walked_call != seen.stats.calls):
                note_op(frame)
        return fast_path(*args)

    def TFE_Py_Execute(*args):
        frame = first_user_frame(getframe(1))
        if frame is not None:
            seen = user.get(id(frame.f_code))
            if seen is not None and seen.stats is not None:
                seen.stats.eager_ops += 1
            if seen is None or seen.call != call_count(seen.code) and (
                    seen.stats is None or seen.walked_call != seen.stats.calls):
                note_op(frame)
        return execute(*args)

    TFE_Py_FastPathExecute.__wrapped__ = fast_path
    TFE_Py_Execute.__wrapped__ = execute
    pywrap_tfe.TFE_Py_FastPathExecute = TFE_Py_FastPathExecute
    pywrap_tfe.TFE_Py_Execute = TFE_Py_Execute
    return watch


def uninstall(pywrap_tfe):
    """Put TF's eager op entry points back (detect/observers.py)."""
    for name in ("TFE_Py_FastPathExecute", "TFE_Py_Execute"):
        wrapper = getattr(pywrap_tfe, name)
        original = getattr(wrapper, "__wrapped__", None)
        if original is not None:
            setattr(pywrap_tfe, name, original)
