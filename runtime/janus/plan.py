"""What earlier builds of one code object learned → how its next build treats its inputs.

A guard miss, a failed assumption or a build that broke teaches janus something about a
function: a tensor dimension that varies, a number that changes between calls, a branch
that goes both ways.  The plan keeps it (run/cache.py and run/executor.py add to it) and
every later build reads it (build/builder.py and the state it reads through).
"""


class Plan:
    __slots__ = ("relaxed_dims", "sizes_seen", "varying", "never_vary", "never_relax", "by_reference",
                 "by_identity", "relaxed", "tape_records", "tapes_kept_for_arms",
                 "xla_declined", "pull_shapes", "widened_pulls")

    def __init__(self):
        # {argument accessor description: dimensions}: built as None, not one graph per size
        self.relaxed_dims: dict[str, set[int]] = {}
        # {(accessor description, dimension): the sizes the calls handed}: a dimension
        # is relaxed only once it has taken more than cache.EXACT_SIZES of them.
        self.sizes_seen: dict[tuple[str, int], set[int]] = {}
        # Numbers and list lengths read from the heap that changed between calls: graph
        # inputs read at call time, not constants.
        self.varying: set[str] = set()
        self.never_vary = False       # reading them at call time broke a build
        self.never_relax = False      # a relaxed dimension broke a build
        # Arguments (and globals) whose objects a recursive function walks: object pointers.
        self.by_reference: set[str] = set()
        self.by_identity: set[str] = set()   # arguments whose containers the code mutates
        # (code, offset) of the decisions whose assumption failed: built as a tf.cond or a
        # tf.while_loop from now on, never speculated again.
        self.relaxed: set = set()
        # Built for calls under a GradientTape outside them: the graph also returns what
        # the tape's records need (graph/tape_records.py).
        self.tape_records = False
        # A tape that is not persistent is used inside a branch on a tensor: the tapes
        # the call opens keep TF's record through the builder's uses (build/arm_tapes.py).
        self.tapes_kept_for_arms = False
        # Why this code's graphs are not compiled with XLA under JANUS_XLA=on (what
        # XLA would not check, or XLA's own refusal), or None.
        self.xla_declined = None
        # {pull index: element shapes its calls met} of the step's pulls from tf.data
        # iterators (semantics/iterator_pulls.py), and those built with the dimensions
        # that differ left open once they met more than cache.EXACT_SIZES shapes.
        self.pull_shapes: dict[int, set] = {}
        self.widened_pulls: dict[int, list] = {}
