"""Non-persistent GradientTapes used inside the arms of a branch on a tensor.

Eagerly only the arm taken runs, so `if loss < limit: opt.apply_gradients(zip(
tape.gradient(loss, vs), vs))` uses the tape once.  The builder runs both arms, and
each first on a scratch graph (branches.dry_run).  TF releases the record of a tape that
is not persistent as its one use computes the gradient, so the next of those uses would
raise "A non-persistent GradientTape can only be used to compute one set of gradients".

So the first such use starts the build again (errors.Retry) with the plan's
`tapes_kept_for_arms`: the tapes the call opens then keep TF's record
(contexts.enter_library opens them as persistent ones at TF's level, which also records
the program's tf.function calls for higher-order gradients, so only where needed).  In
Python they stay one-use tapes: inside an arm the use leaves the tape as it was, and
after the cond the tape is used up as eager's is when both arms used it.  A tape that
only one arm used is left as it is, and a later use of it, at which eager raises on one
path only, is refused.
"""

import contextlib

import tensorflow as tf

from ..errors import Retry, Thrown, Unsupported
from ..graph import branch_paths

# The GradientTape methods that use up a tape that is not persistent.
_USES = frozenset(("gradient", "jacobian", "batch_jacobian"))
# Those that change what a tape records: eagerly on the path taken only.
_CHANGES = frozenset(("watch", "reset", "stop_recording"))


def _used_tape(fn):
    """The non-persistent tape `fn` (a bound GradientTape method) uses up, else None."""
    tape = getattr(fn, "__self__", None)
    if not isinstance(tape, tf.GradientTape) or getattr(fn, "__name__", None) not in _USES:
        return None
    return None if tape._persistent else tape


def _use_up(tape):
    """What GradientTape.gradient does to a non-persistent tape after its one use."""
    if tape._tape is not None:
        tape._watched_variables = tape._tape.watched_variables()
        tape._tape = None


def _check_paths(b, fn, args, kwargs, in_arm, code, offset):
    """What a tape method eager answers by the branches taken (graph/branch_paths.py)."""
    name = f"GradientTape.{fn.__name__}()"
    if fn.__name__ in _CHANGES and in_arm:
        raise Unsupported(f"{name} inside a branch on a tensor: eagerly the tape changes "
                          "on the path taken only", code, offset)
    graph = tf.compat.v1.get_default_graph()
    if fn.__name__ == "watched_variables" and branch_paths.one_arm_reads(graph):
        raise Unsupported(f"{name} after a branch on a tensor whose arms read different "
                          "variables: eagerly the tape watched the arm taken's", code, offset)
    target = args[0] if args else kwargs.get("target")
    sources = args[1] if len(args) > 1 else kwargs.get("sources")
    if fn.__name__ not in _USES or target is None or sources is None:
        return
    unconnected = args[3] if len(args) > 3 else kwargs.get("unconnected_gradients")
    if unconnected in (tf.UnconnectedGradients.ZERO, "zero"):
        return                      # eagerly zeros where nothing reaches a source too
    if any(branch_paths.while_op_of(s) is not None for s in tf.nest.flatten(sources)):
        raise Unsupported(f"{name} with respect to a value a loop on a tensor carried out: "
                          "eagerly it is the last iteration's tensor, which what followed "
                          "may reach, the graph's is the loop's output", code, offset)
    targets = [t for t in tf.nest.flatten(target) if tf.is_tensor(t)]
    try:
        found = branch_paths.reached_on_path(graph, targets, tf.nest.flatten(sources))
    except branch_paths.NotFollowed:
        raise Unsupported(f"{name} of a target that reaches a variable or watched tensor "
                          "through a branch on a tensor inside an arm of another or inside "
                          "a loop on a tensor: eagerly its gradient is None where the arms "
                          "taken do not use it", code, offset) from None
    for _, reached in found:
        # Eagerly the gradient of a source the arms taken do not reach is None (or of
        # another kind): the interpreter runs such a call.
        b.check(reached, f"{name} of a source the branches taken reach (eagerly None)")


class ArmTapes:
    def __init__(self, plan):
        self.plan = plan      # (not the builder: a cycle would keep the call's objects)
        self._kept = {}       # id(tape) -> tape the call opened with TF's record kept
        self._opened_at = {}  # id(tape) -> how many arms deep the call opened it
        self._opened_in = {}  # id(tape) -> the region (its serial) the call opened it in
        self._arms = []       # per arm being built (dry or real): {id(tape): tape} it used
        self._one_path = {}   # id(tape) -> tape that one arm of a finished cond used

    def kept(self, tape):
        self._kept[id(tape)] = tape

    def opened(self, tape, region):
        """The call opens `tape` here (how many arms deep, in which region)."""
        self._opened_at[id(tape)] = len(self._arms)
        self._opened_in[id(tape)] = region

    def begin_arm(self):
        self._arms.append({})

    def end_arm(self):
        return self._arms.pop()

    @contextlib.contextmanager
    def using(self, b, fn, args, kwargs, code, offset):
        """Around the builder `b`'s call of `fn(*args, **kwargs)`."""
        owner = getattr(fn, "__self__", None)
        # Inside an arm nested deeper than the one that opened the tape (a tape an arm
        # opens itself exists on that path only).
        in_arm = len(self._arms) > self._opened_at.get(id(owner), 0)
        if isinstance(owner, tf.GradientTape):
            self._check_loop_body(b, owner, fn, code, offset)
            _check_paths(b, fn, args, kwargs, in_arm, code, offset)
        tape = _used_tape(fn)
        if tape is None:
            yield
            return
        name = f"GradientTape.{fn.__name__}()"
        if id(tape) in self._one_path:
            raise Unsupported(f"{name} of a tape that is not persistent, after a branch on "
                              "a tensor only one of whose arms used it: eagerly this call "
                              "raises on one path only", code, offset)
        if not in_arm or tape._recording or tape._tape is None:
            # Outside arms (or in the arm that opened it) TF uses it up; inside its
            # `with` block it also stops recording, which a persistent tape would not.
            # A used-up tape raises.
            yield
            return
        if id(tape) not in self._kept:
            if not self.plan.tapes_kept_for_arms:
                self.plan.tapes_kept_for_arms = True
                raise Retry(f"{name} of a tape that is not persistent inside a branch on "
                            "a tensor: its record is kept for both arms", code, offset)
            raise Unsupported(f"{name} inside a branch on a tensor, of a tape that is not "
                              "persistent and that the call did not open", code, offset)
        if any(id(tape) in arm for arm in self._arms):
            # This path used it already: eager's second call raises.
            raise Thrown(RuntimeError("A non-persistent GradientTape can only be used to "
                                      "compute one set of gradients (or jacobians)"),
                         code, offset)
        tape._persistent = True
        try:
            yield
        finally:
            tape._persistent = False
        self._arms[-1][id(tape)] = tape

    def _check_loop_body(self, b, tape, fn, code, offset):
        """A tape opened before the loop on a tensor whose body is being built: eagerly
        its watch/reset/stop_recording happen at each iteration that runs (none when
        none runs), and a tape that is not persistent is used up by the first
        iteration's gradient; the body is built once for all of them."""
        body = next((serial for kind, serial in zip(reversed(b.open_regions.kinds),
                                                    reversed(b.open_regions.serial))
                     if kind != "arm"), None)
        opened = self._opened_in.get(id(tape))
        if body is None or opened is not None and opened >= body:
            return
        name = f"GradientTape.{fn.__name__}()"
        if fn.__name__ in _CHANGES:
            raise Unsupported(f"{name} inside a loop on a tensor, of a tape opened before "
                              "the loop: eagerly the tape changes at each iteration run, "
                              "and not at all when none runs", code, offset)
        if fn.__name__ in _USES and not tape._persistent:
            raise Unsupported(f"{name} inside a loop on a tensor, of a tape that is not "
                              "persistent, opened before the loop: eagerly a second "
                              "iteration's use raises", code, offset)

    def merge(self, first, second):
        """After a cond whose arms used the tapes `first` and `second`."""
        for key in first.keys() ^ second.keys():
            self._one_path[key] = first.get(key) or second[key]
        for key in first.keys() & second.keys():
            if self._arms:
                self._arms[-1][key] = first[key]   # used on the enclosing arm's path
            else:
                _use_up(first[key])
