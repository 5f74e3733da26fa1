"""A value the builder holds → where it came from: one Origin per value, kept alive.

The builder works on raw Python objects and tensors (builtins run on them natively), so
what it knows about a value lives beside it, keyed by id(): the accessor it was read
from, the graph input that stands for the caller's tensor, the region that made it, the
caller's container it is a copy of.  Provenance holds that record and keeps every value
it records alive for as long as the build lives, so an id it holds always names the
object it was recorded for.  The graph built keeps alive only the objects its ops name by
id (`pin`): whatever else the program drops is freed when eager would free it.

An Origin's facets are independent, as a value can be several things at once: a float
read at an accessor that min() may keep; this call's copy of a caller's list, which is
also a container made here.  The copy relation is recorded once, on both ends: the
copy's `real` and `why`, and the caller's object's `copies`, both set by `note_copy`.
"""

import sys

# Why a list or dict the build holds is a copy of a caller's one.
WRITTEN = "written"        # the call writes to it; the commit replays that on the real one
ARGUMENT = "argument"      # an argument planned as a copy of its items (detail: its name)
STAND_IN = "stand-in"      # a carried list read item by item (detail: its accessor)
# What the call made.
CONTAINER = "container"    # a list, dict, set, namedtuple or C iterator
INSTANCE = "instance"      # an instance of a class of the program
REFERENCE = "reference"    # `x.ref()` of a caller's tensor (detail: its accessor)


class Origin:
    """Where one value comes from; None in a field: not that."""
    __slots__ = ("acc", "caller", "made", "region", "thrown", "number", "kept", "lazy",
                 "real", "why", "detail", "copies", "names", "fresh", "chosen",
                 "picked")

    def __init__(self):
        self.acc = None        # the accessor it was read from, guarded there
        self.caller = None     # (accessor, type): stands for the caller's object
                               # there (a graph input for a tensor or ndarray; the
                               # container of the argument's stand-ins)
        self.made = None       # CONTAINER or INSTANCE: made by this call
        self.region = None     # the serial of the region that made it (None: made for
                               # an argument)
        self.thrown = None     # an exception this call made or caught: how a `raise`
                               # of it reads ("raises", "reaches a `raise` of")
        self.number = None     # the Python type a tensor stands for, or MIXED
        # A float that may be the very object the caller holds at an accessor (read
        # there, or kept by min/max or a branch: eager's `max(best, v)` keeps `best`
        # itself unless v is larger): (accessor, flag), when `flag` (a bool, or a bool
        # tensor) is true; KEPT_UNKNOWN where janus lost track of which.  (Ints are not
        # followed: CPython shares the small ones, and a program that asks `is` of two
        # large ints is rarer than one that asks it of a NaN.)
        self.kept = None
        self.lazy = None       # the accessor of a caller's list or dict whose contents
                               # are guarded only once the call reads them
        self.real = None       # the caller's object this is a copy of, `why` and its
        self.why = None        # `detail` say how
        self.detail = None
        self.copies = None     # on the caller's object: {why: its copy}
        # The attribute names the program's own code read or wrote on it through the
        # guarded path: janus/state/library_state.py leaves them out when it watches a
        # program's subclass of a Keras class for library code's reads.
        self.names = None
        # An immutable value (a str, a float, a large int) that an operation of this call
        # allocated: eager makes a new object at every call (outputs.py copies it).
        self.fresh = None
        # (flag, first, second): a number min/max picked from two the call computed;
        # the object is `second` where the graph's flag is true, else `first`.
        self.chosen = None
        # (index, table, accessor): a number read from a list or tuple at an index the
        # graph computes; the object is the table's item there: read again at its
        # accessor after the call, or taken from `table` (constants) when it has none.
        self.picked = None


_BLANK = Origin()          # what `of` answers for a value never recorded; never written
_FRESH_TYPES = (str, bytes, int, float, complex)
_IMMORTAL = 1 << 30        # CPython 3.13's immortal objects have a refcount above this


def _shared(value):
    """An object CPython hands out again rather than allocating: the small ints, the
    empty and one-Latin-1-character strings, any immortal object."""
    if sys.getrefcount(value) >= _IMMORTAL:
        return True
    if type(value) is int:
        return -5 <= value <= 256
    if type(value) is str:
        return len(value) == 0 or len(value) == 1 and ord(value) < 256
    if type(value) is bytes:
        return len(value) <= 1
    return False


class Provenance:
    """id(value) → Origin for every value a build records, and the values themselves."""

    def __init__(self):
        self._origins: dict[int, Origin] = {}
        # Every value recorded, and the others kept: their ids stay valid while the
        # build runs.
        self.alive: list = []
        # The objects the graph's ops name by id: the compiled graph holds this list, so
        # those ids stay valid while it lives.
        self.pinned: list = []
        self.any_thrown = False      # whether any value has `thrown` (raising.escaping)
        # id -> (value, [accessors]): a str, float or large int read where it is guarded
        # by value.  Equal ones share no record (one object may be read at several
        # places, `phase` and `PHASE_TRAIN`); `is` between them asks where each was read.
        self._places_of_equals: dict[int, tuple] = {}

    def of(self, value) -> Origin:
        """The record of `value` (read it, do not write it): a blank one if none."""
        return self._origins.get(id(value), _BLANK)

    def keep(self, *values):
        """Keep `values` alive with the build, without a record: objects that a later
        lookup names by id."""
        self.alive.extend(values)

    def pin(self, *values):
        """Keep `values` alive with the graph: objects an op names by id."""
        self.alive.extend(values)
        self.pinned.extend(values)

    def _record(self, value) -> Origin:
        origin = self._origins.get(id(value))
        if origin is None:
            origin = self._origins[id(value)] = Origin()
            self.alive.append(value)
        return origin

    # -- read from outside the call ------------------------------------------------

    def note_read(self, value, acc):
        self._record(value).acc = acc

    def note_read_by_value(self, value, acc):
        """`value`, guarded by value at `acc` (the accessor keeps no record for it)."""
        entry = self._places_of_equals.get(id(value))
        if entry is None:
            self._places_of_equals[id(value)] = (value, [acc])
        elif acc not in entry[1]:
            entry[1].append(acc)

    def places_read_by_value(self, value):
        """The accessors `value` was read at, guarded by value there."""
        entry = self._places_of_equals.get(id(value))
        return entry[1] if entry is not None and entry[0] is value else []

    def source_of(self, value):
        """The accessor `value` was read from (and is guarded at), else None."""
        return self.of(value).acc

    def note_caller(self, value, acc, kind):
        """`value` (a graph input, or a container of an argument's stand-ins) stands
        for the caller's `kind` object at `acc`."""
        self._record(value).caller = (acc, kind)

    def caller_of(self, value):
        """(accessor, type) of the caller's object `value` stands for."""
        return self.of(value).caller

    def note_lazy(self, container, acc):
        """The caller's own list or dict, read at `acc`: its contents are guarded once
        the call reads them."""
        self._record(container).lazy = acc

    def lazy_source(self, container):
        return self.of(container).lazy

    def take_lazy(self, container):
        """The accessor of a container whose contents are not guarded yet, and from now
        on they are (the caller guards them)."""
        origin = self._origins.get(id(container))
        if origin is None or origin.lazy is None:
            return None
        acc, origin.lazy = origin.lazy, None
        return acc

    def note_name(self, owner, name):
        origin = self._record(owner)
        if origin.names is None:
            origin.names = set()
        origin.names.add(name)

    def names_of(self, owner):
        return self.of(owner).names or ()

    def release(self):
        """The build is over: let go of every value it held, so that the program's
        objects die when the program drops them, as under eager (a build's records are a
        reference cycle, which only the cyclic collector would free, later).  Returns
        `names_of` for what the graph still asks (library_state.watch), holding only
        the objects named."""
        by_id = {id(value): value for value in self.alive}
        named = {key: (by_id[key], origin.names)
                 for key, origin in self._origins.items() if origin.names}
        self._origins.clear()
        self.alive.clear()

        def names_of(owner):
            found = named.get(id(owner))
            return found[1] if found is not None and found[0] is owner else ()
        return names_of

    # -- made by the call --------------------------------------------------------------

    def note_computed(self, result, operands=()):
        """`result` of an operation the build ran on Python values (an operator, a
        format, a pure builtin, a str method, math): if the operation allocated it,
        eager allocates a new one at every call.  Not if it is one of the operands
        (`s.strip()` with nothing to strip), or an object CPython shares (small ints,
        one-character and empty strings)."""
        if type(result) not in _FRESH_TYPES or _shared(result) or \
                any(result is operand or type(operand) in (list, tuple) and
                    any(result is item for item in operand) for operand in operands):
            # (One of the operands, or an item of one: `"".join([s])` and `max(values)`
            # give that object itself.)
            return result
        origin = self._origins.get(id(result))
        if origin is None or origin.acc is None and origin.made is None:
            self._record(result).fresh = True
        return result

    def is_fresh(self, value) -> bool:
        return self.of(value).fresh is True

    def note_made(self, value, made, region):
        origin = self._record(value)
        origin.made, origin.region = made, region

    def note_reference(self, reference, acc):
        """`reference`, made by `x.ref()`, wraps the caller's tensor at `acc`."""
        origin = self._record(reference)
        origin.made, origin.detail = REFERENCE, acc

    def is_created(self, value) -> bool:
        """A container this call made."""
        return self.of(value).made == CONTAINER

    def is_made(self, value) -> bool:
        """An instance of a class of the program that this call made."""
        return self.of(value).made == INSTANCE

    def read_or_made(self, value) -> bool:
        """Read from a guarded place, or made by this call."""
        origin = self.of(value)
        return origin.acc is not None or origin.made is not None

    def region_of(self, value):
        """The serial of the region that made `value` (0 outside any); None if the call
        did not make it, or made it for an argument."""
        return self.of(value).region

    def note_thrown(self, exception, how):
        self._record(exception).thrown = how
        self.any_thrown = True

    def thrown_how(self, exception):
        return self.of(exception).thrown

    def note_number(self, tensor, python_type):
        self._record(tensor).number = python_type

    def number_of(self, value):
        """The Python type a tensor stands for (numbers.py), or MIXED; else None."""
        return self.of(value).number

    def note_kept(self, value, kept):
        self._record(value).kept = kept

    def kept_of(self, value):
        return self.of(value).kept

    def note_chosen(self, value, flag, first, second):
        self._record(value).chosen = (flag, first, second)

    def note_picked(self, value, index, table, acc):
        self._record(value).picked = (index, table, acc)

    # -- copies of the caller's containers -----------------------------------------------

    def note_copy(self, real, copy, why, detail=None):
        """`copy` is this build's copy of the caller's `real`, for `why`."""
        origin = self._record(copy)
        origin.real, origin.why, origin.detail = real, why, detail
        origin = self._record(real)
        if origin.copies is None:
            origin.copies = {}
        origin.copies[why] = copy

    def copy_of(self, real, default=None, why=WRITTEN):
        """The copy of the caller's `real` made for `why`, else `default`."""
        copies = self.of(real).copies
        return copies.get(why, default) if copies else default

    def real_of(self, copy, default=None, why=WRITTEN):
        """The caller's object `copy` is a copy of for `why`, else `default`."""
        origin = self.of(copy)
        return origin.real if origin.why == why else default

    def argument_name(self, copy):
        """The argument whose items `copy` holds (planned as a copy), else None."""
        origin = self.of(copy)
        return origin.detail if origin.why == ARGUMENT else None

    def argument_alias(self, real):
        """The argument planned as a copy of the caller's `real`, else None."""
        return self.argument_name(self.copy_of(real, why=ARGUMENT))

    def holds_callers_items(self, value) -> bool:
        """A stand-in or an argument's planned copy: its items are the caller's, each
        read (and guarded) where it is."""
        return self.of(value).why in (STAND_IN, ARGUMENT)

    def end_stand_in(self, stand_in):
        """(caller's list, accessor) of a stand-in, which from now on is none."""
        origin = self._origins.get(id(stand_in))
        if origin is None or origin.why != STAND_IN:
            return None
        entry = origin.real, origin.detail
        origin.real = origin.why = origin.detail = None
        return entry
