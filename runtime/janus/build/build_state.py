"""The state one build keeps besides its guards, inputs, provenance and heap, in five
groups: the call being built, the cond arms and loop bodies open now, the calls being
inlined, recursion, and what the Built record takes.

Each group is read by the few build stages its name says; builder.py holds one of each.
"""

import builtins

from ..frontend import bytecode
from ..semantics import iterator_pulls, python_draws


class Target:
    """The call being built: its code's globals and arguments, and the graph it becomes."""
    __slots__ = ("globals", "builtins", "arg_names", "param_count", "args", "profile",
                 "call_args", "root_graph")

    def __init__(self, globals_dict, arg_names, args, free_count, profile, call_args):
        self.globals = globals_dict
        self.builtins = builtins.__dict__
        self.arg_names = arg_names            # the parameters, then the free variables
        self.param_count = len(arg_names) - free_count
        self.args = args
        self.profile = profile or {}          # the root code's branch counts
        self.call_args = call_args            # where call-time heap reads find the args
        self.root_graph = None                # the graph being built, once tracing starts


class OpenRegions:
    """The cond arms and loop bodies being built now, innermost last.  (Not the CFG's
    regions of a code object: Builder.cfg_regions.)"""
    __slots__ = ("depth", "serial", "kinds", "opened", "loop_stops", "graphs")

    def __init__(self):
        self.depth = 0                        # > 0 inside a cond arm or loop body
        self.serial = [0]                     # serials of the open regions, innermost last
        self.kinds: list[str] = []            # "arm" / "body" per open region
        self.opened = 0                       # regions opened so far: the next serial
        self.loop_stops: list[tuple] = []     # per loop on a tensor: where a body run stops
        # The graph each open region (the call's own first) builds into: another
        # default graph means library code is tracing a body of its own around it.
        self.graphs: list = []


class Inlining:
    """The program's calls the build runs inline, and what their code did."""
    __slots__ = ("stack", "inlined", "depth", "steps", "entered", "handled", "rebound",
                 "plainly_rebound",
                 "outside_counts", "made_cells", "guarded_generators", "constants")

    def __init__(self):
        self.stack: list = []                 # (code, local values) of the inlined calls
        self.inlined: dict = {}               # id -> the program's functions inlined
        self.depth = 0                        # nesting of inlined calls
        self.steps = 0                        # instructions built, against runaway loops
        self.entered: list = []               # context managers to leave on failure
        self.handled = None                   # the exception a built handler handles
        self.rebound: set[str] = set()        # attribute/global names the code assigns
        self.plainly_rebound: set[str] = set()   # ... otherwise than by `+=`
        self.outside_counts: dict = {}        # id(itertools.count) → [start, nexts]
        self.made_cells: dict = {}            # id → the cells the call's code made
        # Generators the call made whose bodies have try/with blocks: each must have
        # finished by the call's end (build/generators.py).
        self.guarded_generators: list = []
        # id -> the strs, floats and ints among the constants of the code the build ran:
        # the same objects at every call, whatever place also held one.
        self.constants: dict = {}

    def note_stores(self, code):
        stored, plainly = bytecode.stored_names(code)
        self.rebound |= stored
        self.plainly_rebound |= plainly

    def carried(self, name, value):
        """A value read from a place the code assigns is state carried from call to
        call, read at every call (state/reads.py value_at); not a list whose name is
        assigned only by `+=`, which stores the same list back."""
        return name in self.rebound and (type(value) is not list or
                                         name in self.plainly_rebound)

    def note_constants(self, code):
        pending = list(code.co_consts)
        while pending:
            constant = pending.pop()
            if type(constant) is tuple:
                pending.extend(constant)
            elif type(constant) in (str, bytes, float, complex, int):
                self.constants[id(constant)] = constant


class Recursion:
    """Object pointers and recursive graph functions (state/objects.py,
    graph/recursion.py, build/recursive_calls.py)."""
    __slots__ = ("population", "functions", "tracing", "call_ids", "rooms", "root_call_id",
                 "codes", "global_pointers")

    def __init__(self, population):
        self.population = population          # objects.Population: the pointer table
        self.functions: dict = {}             # (code, signature) -> RecursiveFunction
        self.tracing: dict = {}               # code -> (signature, recurse, outer values,
                                              # structure) while traced
        # (frames left before eager's RecursionError, inlining depth at entry) of the
        # bodies being traced (recursive_calls._room)
        self.rooms: list = []
        self.call_ids: list = []              # call-id tensors of the bodies being traced
        self.root_call_id = None
        self.codes: list = []                 # codes turned into recursive graphs
        self.global_pointers: dict = {}       # id(global accessor) → its pointer input


class Record:
    """What the graph's callers must know besides its guards and inputs: the Built
    record takes these (build/concrete.py)."""
    __slots__ = ("assumptions", "raising_assumptions", "number_checks", "number_check_ops",
                 "python_draws", "iterator_pulls", "library_objects", "library_arguments",
                 "library_scanned", "effects_before_library", "loggers", "settings",
                 "stream_checks", "handed_numbers")

    def __init__(self):
        self.assumptions: list = []           # (assert op, (code, offset)) in order
        self.raising_assumptions: set = set() # indexes of those that guard a `raise`
        self.number_checks = 0                # numbers each check's message (numbers.py)
        self.number_check_ops: set = set()    # their Assert ops (iteration.pull_from)
        self.python_draws = python_draws.PythonDraws()   # fed before each graph call
        self.iterator_pulls = iterator_pulls.IteratorPulls()   # pulled before it too
        # id -> TF/Keras object this build handed to library code, whose attributes that
        # code read unguarded: their dicts are watched (state/library_state.py).
        self.library_objects: dict = {}
        # id -> a callable of the program's (or a list of them) handed to library code
        # as an argument (`fori_loop(0, 3, partial(refine, DAMP), h)`): watched and
        # guarded as a value library state holds.
        self.library_arguments: dict = {}
        # ids of what the scan for C callables visited before library code ran
        # (library_state.note).
        self.library_scanned: set = set()
        # How many of the heap's effects the call had made when it last called library
        # code: the containers those wrote, library code may have read as they were
        # before the call (state/library_state.watch refuses them).
        self.effects_before_library = 0
        # id -> logging.Logger the step logs through (replayed at commit): the handlers
        # and filters it emits through are compared at each call (library_state.py).
        self.loggers: dict = {}
        # Process-wide settings the build answered from (abc's registrations, the
        # int/str digit limit) -> their values then (library_state.compared_settings).
        self.settings: dict = {}
        # One output.StreamCheck per print or write() the commit replays.
        self.stream_checks: list = []
        # Weak references to the numbers.EagerNumber each carried number handed to
        # library code became: one alive after the build was kept by that code
        # (concrete.py refuses the build).
        self.handed_numbers: list = []
