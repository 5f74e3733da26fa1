# cython: language_level=3, boundscheck=False, wraparound=False
"""sys.monitoring events of flagged code objects → bounded per-code profiles.

janus owns sys.monitoring tool 5 (OPTIMIZER_ID).  Flagging a code object enables that
tool's local events on it, so code janus never flagged is not instrumented and pays
nothing.  Operand values (what a LOAD_ATTR loaded, what a STORE_SUBSCR stored) come from
the INSTRUCTION event plus PyJanus_PeekStack, which cpython-patches/0003 adds: stock
sys.monitoring callbacks cannot see the value stack.

Which offsets are branches, loops and value sites is decided by the bytecode front end
(janus/frontend/bytecode.py), the one place that knows CPython 3.13's instruction quirks; this
module only counts.
"""

import _thread as _thread_module
import sys
import types as _types
import weakref as _weakref

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cdef extern from "Python.h":
    ctypedef struct PyFrameObject
    ctypedef struct PyCodeObject
    ctypedef int (*PyJanus_EntryHook)(PyObject *, PyCodeObject *, PyObject *const *,
                                      PyObject **)
    PyFrameObject *PyEval_GetFrame()
    PyObject *PyEval_GetFrameGlobals()     # new reference; NULL: no frame
    PyObject *PyEval_GetFrameBuiltins()    # new reference
    PyObject *PyCell_GET(PyObject *cell)
    int PyJanus_SetEntryHook(PyJanus_EntryHook hook, PyObject *hook_state) except -1
    Py_ssize_t PyJanus_StackDepth() except -1
    # NULL with no exception: that stack slot holds NULL (e.g. LOAD_GLOBAL's call bit).
    PyObject *PyJanus_PeekStack(Py_ssize_t depth) except? NULL

TOOL_ID = 5                 # sys.monitoring.OPTIMIZER_ID
MAX_KEYS = 8                # distinct keys per site; past this a site is megamorphic
MEGAMORPHIC = "<megamorphic>"
SMALL_INT = 1 << 31         # ints within ±this keep their value in the profile
MAX_STR = 64                # strings up to this length keep their value
MAX_TUPLE_DESCRIBED = 8     # tuples up to this length are described element-wise
MAX_FRAMES = 1024           # live frames with loop state, per code (see _frame_key)
SITE_SAMPLES = 256          # events a value site records before its events are disabled

# Value-site actions, computed by janus.bytecode: (kind, site offset, stack depth).
ACT_MARK = 0          # the load at this offset runs next; its value is seen after it
ACT_LOAD_OWNER = 1    # LOAD_ATTR / BINARY_SUBSCR: the object loaded from is on top
ACT_LOAD_VALUE = 2    # first instruction after a load: its value is at `depth`
ACT_STORE_ATTR = 3    # owner on top, value below
ACT_STORE_GLOBAL = 4  # value on top
ACT_STORE_SUBSCR = 5  # key on top, then container, then value
ACT_SUBSCR_KEY = 6    # BINARY_SUBSCR: key on top, container below

cdef dict _profiles = {}
cdef bint _tool_claimed = False
cdef object _events = sys.monitoring.events
cdef object _DISABLE = sys.monitoring.DISABLE


def _real(name):
    # sys.monitoring's own function: janus/detect/observers.py wraps the module's
    # attributes so that the program does not see janus's tool id.
    function = getattr(sys.monitoring, name)
    return getattr(function, "__wrapped__", function)


cdef object _get_tool = _real("get_tool")
cdef object _use_tool_id = _real("use_tool_id")
cdef object _free_tool_id = _real("free_tool_id")
cdef object _set_local_events = _real("set_local_events")
cdef object _get_local_events = _real("get_local_events")


cdef type _FUNCTION_TYPE = _types.FunctionType
cdef tuple _BY_IDENTITY = (_types.BuiltinFunctionType, _types.MethodDescriptorType,
                           _types.WrapperDescriptorType, _types.ClassMethodDescriptorType)


cdef object _callee_key(object callee):
    """What a call site's profile counts a callee as.  Hashing the callee itself would
    run the program's __hash__/__eq__ (or fail: a weakref.proxy has none) and keep it
    alive, which eager does not (a layer the program drops, a closure made per call).
    A Python function is counted by a weak reference to it (functions hash by
    identity); a builtin or descriptor is the library's, kept as it is; any other
    callable object (a Keras layer, a bound method, a proxy) by its class."""
    cdef type kind = type(callee)
    if kind is _FUNCTION_TYPE:
        return _weakref.ref(callee)
    if kind in _BY_IDENTITY:
        return callee
    if isinstance(callee, type) and type(callee).__hash__ is type.__hash__ and \
            type(callee).__eq__ is type.__eq__:
        return callee
    return kind


cdef class SiteCounts:
    """Counts per key, for at most MAX_KEYS distinct keys; later keys count as overflow."""

    def __cinit__(self):
        self.counts = {}
        self.overflow = 0

    cdef void add(self, object key) except *:
        cdef object n = self.counts.get(key)
        if n is not None:
            self.counts[key] = n + 1
        elif len(self.counts) < MAX_KEYS:
            self.counts[key] = 1
        else:
            self.overflow += 1

    def as_dict(self):
        """{key: count}, plus {MEGAMORPHIC: n} when n events overflowed the cap (a
        function counted by a weak reference is given as itself, if it is alive)."""
        d = {}
        for key, n in self.counts.items():
            if type(key) is _weakref.ReferenceType:
                key = key()
                if key is None:
                    continue
            d[key] = n
        if self.overflow:
            d[MEGAMORPHIC] = self.overflow
        return d


cdef class ValueSite:
    def __cinit__(self, str op, object name):
        self.op = op
        self.name = name
        self.samples = 0
        self.objects = SiteCounts()
        self.keys = SiteCounts()
        self.values = SiteCounts()

    def as_dict(self):
        d = {"op": self.op, "name": self.name, "values": self.values.as_dict(),
             "samples": self.samples}
        if self.objects.counts or self.objects.overflow:
            d["objects"] = self.objects.as_dict()
        if self.keys.counts or self.keys.overflow:
            d["keys"] = self.keys.as_dict()
        return d


cdef object _array_descriptor(object value, type t):
    # Only numpy and TensorFlow/Keras types are asked for dtype and shape: calling
    # getattr on arbitrary objects could run user __getattr__ code while profiling.
    dtype = value.dtype
    dtype = getattr(dtype, "name", dtype)
    shape = value.shape
    try:
        # (Under tf.compat.v1.disable_v2_tensorshape() a dimension is a Dimension,
        # which does not hash: its value does.)
        shape = tuple([getattr(d, "value", d) for d in shape])
    except (TypeError, ValueError):   # unknown rank
        shape = None
    return (t.__name__, str(dtype), shape)


cdef object describe(object value):
    """A small hashable summary of a value: its type, and for tensors dtype and shape,
    for small scalars and short strings the value itself."""
    cdef type t = type(value)
    if value is None:
        return ("NoneType",)
    if t is bool:
        return ("bool", value)
    if t is int:
        return ("int", value) if -SMALL_INT <= value <= SMALL_INT else ("int",)
    if t is float:
        return ("float", value)
    if t is str:
        return ("str", value) if len(<str>value) <= MAX_STR else ("str",)
    if t is tuple:
        # Short tuples element-wise: a recursive function's (h, c) result is carried
        # through its graph by these shapes.
        if len(<tuple>value) <= MAX_TUPLE_DESCRIBED:
            return ("tuple", len(<tuple>value)) + tuple([describe(v) for v in <tuple>value])
        return ("tuple", len(<tuple>value))
    module = t.__module__
    if module is not None and module.startswith(("numpy", "tensorflow", "keras")):
        try:
            return _array_descriptor(value, t)
        except AttributeError:
            pass
    return (f"{module}.{t.__qualname__}",)


def describe_value(value):
    """The descriptor janus records for `value` (for tests and explain reports)."""
    return describe(value)


cdef class _NullSlot:
    def __repr__(self):
        return "NULL"

cdef object NULL_SLOT = _NullSlot()


cdef inline object peek(Py_ssize_t depth):
    cdef PyObject *item = PyJanus_PeekStack(depth)
    return NULL_SLOT if item is NULL else <object>item


cdef inline Py_ssize_t _frame_key():
    # The frame object of the monitored frame (the callback itself is C code and has no
    # frame).  Its address identifies one activation while it runs; a frame that ends
    # by an exception is not reported to local events, so its stale entry is replaced
    # when the address is reused by a PY_START, and the table is capped at MAX_FRAMES.
    return <Py_ssize_t><void *>PyEval_GetFrame()


cdef class CodeProfile:
    def __cinit__(self, code, dict fallthrough, list loop_ranges, dict actions,
                  tuple arg_names, dict aliases):
        self.code = code
        self.aliases = aliases
        self.fallthrough = fallthrough
        self.loop_ranges = loop_ranges
        self.actions = actions
        self.arg_names = arg_names
        self.reset()

    cpdef reset(self):
        self.calls = 0
        self.args = {name: SiteCounts() for name in self.arg_names}
        self.branches = {}
        self.loops = {header: SiteCounts() for header, _ in self.loop_ranges}
        self.callees = {}
        self.sites = {}
        self.returns = SiteCounts()
        self.frames = {}
        self.last_offset = -1
        self.pending_key = None

    cdef void on_start(self) except *:
        self.calls += 1
        if len(self.frames) >= MAX_FRAMES:
            self.frames.clear()
        self.frames[_frame_key()] = {}
        if self.arg_names:
            local_values = (<object>PyEval_GetFrame()).f_locals
            for name in self.arg_names:
                (<SiteCounts>self.args[name]).add(describe(local_values[name]))

    cdef void on_return(self, object value) except *:
        self.returns.add(describe(value))
        pending = self.frames.pop(_frame_key(), None)
        if pending:
            for header, count in pending.items():
                (<SiteCounts>self.loops[header]).add(count)

    cdef void on_transfer(self, Py_ssize_t src, Py_ssize_t dest) except *:
        cdef Py_ssize_t header, latch
        cdef dict pending = None
        if self.aliases:
            dest = self.aliases.get(dest, dest)
        if dest < src and dest in self.loops:
            pending = self.frames.setdefault(_frame_key(), {})
            pending[dest] = pending.get(dest, 0) + 1
        for header, latch in self.loop_ranges:
            if header <= src <= latch and not (header <= dest <= latch):
                if pending is None:
                    pending = self.frames.setdefault(_frame_key(), {})
                (<SiteCounts>self.loops[header]).add(pending.pop(header, 0))

    cdef void on_branch(self, Py_ssize_t src, Py_ssize_t dest) except *:
        if self.aliases:
            dest = self.aliases.get(dest, dest)
        counts = self.branches.get(src)
        if counts is None:
            counts = self.branches[src] = [0, 0]
        if self.fallthrough.get(src) == dest:
            counts[0] += 1
        else:
            counts[1] += 1
        self.on_transfer(src, dest)

    cdef void on_call(self, Py_ssize_t offset, object callee) except *:
        site = self.callees.get(offset)
        if site is None:
            site = self.callees[offset] = SiteCounts()
        (<SiteCounts>site).add(_callee_key(callee))

    cdef ValueSite site(self, Py_ssize_t offset, str op, object name):
        site = self.sites.get(offset)
        if site is None:
            site = self.sites[offset] = ValueSite(op, name)
        return <ValueSite>site

    cdef bint on_instruction(self, Py_ssize_t offset) except -1:
        """False when no value site needs this offset: the event is then disabled there."""
        cdef tuple todo = self.actions.get(offset)
        cdef ValueSite site
        if todo is None:
            return False
        cdef bint wanted = False
        for kind, site_offset, depth, op, name in todo:
            site = self.site(site_offset, op, name)
            if site.samples >= SITE_SAMPLES:
                continue
            wanted = True
            if kind == ACT_LOAD_VALUE:
                # Only when the load itself was the previous event of this code: a
                # jump target after a load is also reached from elsewhere.
                if self.last_offset == site_offset:
                    site.values.add(describe(peek(depth)))
                    if self.pending_key is not None:
                        site.keys.add(self.pending_key)
                        self.pending_key = None
                    site.samples += 1
            elif kind == ACT_LOAD_OWNER:
                site.objects.add(describe(peek(0)))
            elif kind == ACT_SUBSCR_KEY:
                self.pending_key = describe(peek(0))
                site.objects.add(describe(peek(1)))
            elif kind == ACT_STORE_ATTR:
                site.objects.add(describe(peek(0)))
                site.values.add(describe(peek(1)))
                site.samples += 1
            elif kind == ACT_STORE_GLOBAL:
                site.values.add(describe(peek(0)))
                site.samples += 1
            elif kind == ACT_STORE_SUBSCR:
                site.keys.add(describe(peek(0)))
                site.objects.add(describe(peek(1)))
                site.values.add(describe(peek(2)))
                site.samples += 1
        self.last_offset = offset
        # A saturated site stops costing anything: its offsets are disabled.
        return wanted

    def as_dict(self):
        return {
            "calls": self.calls,
            "args": {name: (<SiteCounts>c).as_dict() for name, c in self.args.items()},
            "branches": {off: {"not_taken": c[0], "taken": c[1]}
                         for off, c in sorted(self.branches.items())},
            "loops": {h: (<SiteCounts>c).as_dict() for h, c in sorted(self.loops.items())
                      if (<SiteCounts>c).counts or (<SiteCounts>c).overflow},
            "callees": {off: (<SiteCounts>c).as_dict()
                        for off, c in sorted(self.callees.items())},
            "loads": {off: (<ValueSite>s).as_dict() for off, s in sorted(self.sites.items())
                      if (<ValueSite>s).op.startswith(("LOAD", "BINARY"))},
            "stores": {off: (<ValueSite>s).as_dict() for off, s in sorted(self.sites.items())
                       if (<ValueSite>s).op.startswith("STORE")},
            "returns": self.returns.as_dict(),
        }


# sys.monitoring callbacks.  Each looks the code up first: events may still arrive
# for a code object on another thread while it is being unflagged.  An exception in a
# callback would surface in the program's own frame, at its call or branch: none may
# leave one.  A profile that fails (a value no descriptor foresaw) stops profiling that
# code, and the failure is kept for the reports (profiling_failure).

_failures = {}


cdef void _profiling_failed(object code, object exc):
    _failures[code] = f"{type(exc).__name__}: {exc}"
    unflag(code)


def profiling_failure(code):
    """Why profiling `code` stopped early, or None."""
    return _failures.get(code)


def _on_start(code, int offset):
    prof = _profiles.get(code)
    if prof is not None:
        try:
            (<CodeProfile>prof).on_start()
        except Exception as exc:
            _profiling_failed(code, exc)

def _on_return(code, int offset, retval):
    prof = _profiles.get(code)
    if prof is not None:
        try:
            (<CodeProfile>prof).on_return(retval)
        except Exception as exc:
            _profiling_failed(code, exc)

def _on_branch(code, int offset, int dest):
    prof = _profiles.get(code)
    if prof is not None:
        try:
            (<CodeProfile>prof).on_branch(offset, dest)
        except Exception as exc:
            _profiling_failed(code, exc)

def _on_jump(code, int offset, int dest):
    prof = _profiles.get(code)
    if prof is not None:
        try:
            (<CodeProfile>prof).on_transfer(offset, dest)
        except Exception as exc:
            _profiling_failed(code, exc)

def _on_call(code, int offset, callee, arg0):
    prof = _profiles.get(code)
    if prof is not None:
        try:
            (<CodeProfile>prof).on_call(offset, callee)
        except Exception as exc:
            _profiling_failed(code, exc)

def _on_instruction(code, int offset):
    # Most instructions are no value site: DISABLE stops the event at that offset for
    # good (measured: nbody profiled went from 400x to ...).
    prof = _profiles.get(code)
    if prof is None:
        return None
    try:
        if not (<CodeProfile>prof).on_instruction(offset):
            return _DISABLE
    except Exception as exc:
        _profiling_failed(code, exc)
        return _DISABLE
    return None


_CALLBACKS = (
    ("PY_START", _on_start), ("PY_RETURN", _on_return), ("BRANCH", _on_branch),
    ("JUMP", _on_jump), ("CALL", _on_call), ("INSTRUCTION", _on_instruction),
)


cdef void _claim_tool() except *:
    global _tool_claimed
    if _tool_claimed:
        return
    monitoring = sys.monitoring
    owner = _get_tool(TOOL_ID)
    if owner is not None:
        raise RuntimeError(
            f"janus: sys.monitoring tool {TOOL_ID} (OPTIMIZER_ID) is already used by "
            f"{owner!r}; janus needs it to profile code")
    _use_tool_id(TOOL_ID, "janus")
    for event_name, callback in _CALLBACKS:
        monitoring.register_callback(TOOL_ID, getattr(_events, event_name), callback)
    _tool_claimed = True


def flag(code, dict fallthrough, list loop_ranges, dict actions, tuple arg_names,
         dict aliases):
    """Start profiling `code`.  The tables come from janus.bytecode.  A code object that
    is already flagged keeps its profile."""
    _claim_tool()
    if code not in _profiles:
        _profiles[code] = CodeProfile(code, fallthrough, loop_ranges, actions, arg_names,
                                      aliases)
    events = (_events.PY_START | _events.PY_RETURN | _events.BRANCH | _events.JUMP
              | _events.CALL)
    if actions:
        events |= _events.INSTRUCTION
    _set_local_events(TOOL_ID, code, events)


def unflag(code):
    """Stop profiling `code`; its profile is kept until `forget`.  An entry function
    set for it stays in force."""
    if _tool_claimed and code in _profiles:
        _set_local_events(
            TOOL_ID, code,
            _events.PY_START if code in _entries or code in _call_counts else 0)


def forget(code):
    """Unflag `code` and drop its profile."""
    unflag(code)
    _profiles.pop(code, None)
    _failures.pop(code, None)


def is_flagged(code):
    return _tool_claimed and code in _profiles and \
        _get_local_events(TOOL_ID, code) & _events.BRANCH != 0


def profile_of(code):
    """The profile of `code` as plain data, or None if it was never flagged."""
    prof = _profiles.get(code)
    return None if prof is None else (<CodeProfile>prof).as_dict()


def reset(code):
    prof = _profiles.get(code)
    if prof is not None:
        (<CodeProfile>prof).reset()


def flagged_codes():
    return [code for code in _profiles if is_flagged(code)]


# Entry functions: what a call of a code object runs instead of its body.
#
# The interpreter calls _entry_hook at the start of every call of a code object whose
# tool-5 local events include PY_START (cpython-patches/0003).  The hook looks up the
# code's entry function and calls it with the call's arguments; the entry function
# returns a value (the call returns it, the body never runs), returns DECLINE (the body
# runs: profiling and fallback), or raises (the call raises).

class _Decline:
    __slots__ = ()
    def __repr__(self):
        return "janus_ext.DECLINE"

DECLINE = _Decline()

cdef dict _entries = {}
cdef bint _hook_installed = False
# Codes whose calls janus counts (janus/detect/eager_ops.py tells a call from the next by
# its number, instead of keeping its frame, and the frame's locals, alive).
cdef dict _call_counts = {}


cdef class Entry:
    cdef readonly object function
    cdef Py_ssize_t nargs
    cdef tuple cell_args     # argument positions that the frame holds as cells
    cdef Py_ssize_t free_start, nfree   # where the closure's cells sit in the frame
    # The globals and builtins the graphs read names from, and what a call of the same
    # code whose frame has others runs first (`types.FunctionType(f.__code__, other)`,
    # a function made after its module's `__builtins__` was rebound): None, no check.
    cdef object globals_dict
    cdef object builtins_dict
    cdef object other_globals

    def __cinit__(self, function, Py_ssize_t nargs, tuple cell_args, Py_ssize_t free_start,
                  Py_ssize_t nfree, globals_dict, builtins_dict, other_globals):
        self.function = function
        self.nargs = nargs
        self.cell_args = cell_args
        self.free_start = free_start
        self.nfree = nfree
        self.globals_dict = globals_dict
        self.builtins_dict = builtins_dict
        self.other_globals = other_globals

    cdef tuple arguments(self, PyObject *const *localsplus):
        """The parameters' values, then the closure's cells (themselves, not their
        contents: COPY_FREE_VARS has run before RESUME, where the hook is called)."""
        cdef Py_ssize_t i
        cdef tuple args = PyTuple_New(self.nargs + self.nfree)
        for i in range(self.nargs):
            value = <object>localsplus[i]
            if i in self.cell_args:
                value = <object>PyCell_GET(localsplus[i])
            Py_INCREF(value)
            PyTuple_SET_ITEM(args, i, value)
        for i in range(self.nfree):
            value = <object>localsplus[self.free_start + i]
            Py_INCREF(value)
            PyTuple_SET_ITEM(args, self.nargs + i, value)
        return args


cdef int _entry_hook(PyObject *state, PyCodeObject *code, PyObject *const *localsplus,
                     PyObject **result) except -1:
    if _call_counts:
        calls = _call_counts.get(<object>code)
        if calls is not None:
            _call_counts[<object>code] = <Py_ssize_t>calls + 1
    entry = _entries.get(<object>code)
    if entry is None:
        return 0
    if (<Entry>entry).globals_dict is not None:
        # The frame being entered is the current one (the hook runs at its RESUME).
        frame_globals = PyEval_GetFrameGlobals()
        frame_builtins = PyEval_GetFrameBuiltins()
        Py_XDECREF(frame_builtins)      # compared by address only
        if frame_globals != <PyObject *>(<Entry>entry).globals_dict or \
                frame_builtins != <PyObject *>(<Entry>entry).builtins_dict:
            Py_XDECREF(frame_globals)
            value = (<Entry>entry).other_globals((<Entry>entry).arguments(localsplus))
            if value is DECLINE:
                return 0
            Py_INCREF(value)
            result[0] = <PyObject *>value
            return 1
        Py_XDECREF(frame_globals)
    value = (<Entry>entry).function((<Entry>entry).arguments(localsplus))
    if value is DECLINE:
        return 0
    Py_INCREF(value)
    result[0] = <PyObject *>value
    return 1


cdef void _install_hook() except *:
    global _hook_installed
    _claim_tool()
    if not _hook_installed:
        # The hook keeps the C protocol (-1 with an exception set), which `except -1`
        # gives; the typedef cannot say so, hence the cast.
        PyJanus_SetEntryHook(<PyJanus_EntryHook>_entry_hook, NULL)
        _hook_installed = True


def count_calls(code):
    """From now on, count the calls `code` starts (call_count); the call under way is
    number 0."""
    _install_hook()
    if code not in _call_counts:
        _call_counts[code] = 0
        events = _get_local_events(TOOL_ID, code)
        _set_local_events(TOOL_ID, code, events | _events.PY_START)


def stop_counting(code):
    if _call_counts.pop(code, None) is not None and code not in _profiles and \
            code not in _entries:
        _set_local_events(TOOL_ID, code, 0)


def call_count(code):
    """The number of the call of `code` under way (the latest started), or -1."""
    return _call_counts.get(code, -1)


def set_entry(code, function, tuple arg_names, globals_dict=None, builtins_dict=None,
              other_globals=None):
    """From now on, calls of `code` run function(args) first, args being the values of
    `arg_names` (code's parameters, in order) followed by the cells of its free
    variables; given `globals_dict` and `builtins_dict`, calls whose frame has other
    globals or builtins run other_globals(args) instead.  Works whether or not code is
    flagged."""
    _install_hook()
    cells = tuple(i for i, name in enumerate(arg_names) if name in code.co_cellvars)
    # Frame layout (3.13): locals, then cells that are not arguments, then free vars.
    free_start = len(code.co_varnames) + sum(1 for name in code.co_cellvars
                                             if name not in code.co_varnames)
    _entries[code] = Entry(function, len(arg_names), cells, free_start,
                           len(code.co_freevars), globals_dict, builtins_dict,
                           other_globals)
    events = _get_local_events(TOOL_ID, code)
    _set_local_events(TOOL_ID, code, events | _events.PY_START)


def has_entry(code):
    """Whether calls of `code` run an entry function first."""
    return code in _entries


def clear_entry(code):
    """Calls of `code` run its body again."""
    if _entries.pop(code, None) is not None and code not in _profiles and \
            code not in _call_counts:
        _set_local_events(TOOL_ID, code, 0)


def release():
    """Unflag everything, drop every profile and entry function, uninstall the entry
    hook and give tool 5 back."""
    global _tool_claimed, _hook_installed
    if not _tool_claimed:
        return
    for code in list(_call_counts):
        stop_counting(code)
    for code in list(_entries):
        clear_entry(code)
    for code in list(_profiles):
        forget(code)
    if _hook_installed:
        PyJanus_SetEntryHook(NULL, NULL)
        _hook_installed = False
    for event_name, _ in _CALLBACKS:
        sys.monitoring.register_callback(TOOL_ID, getattr(_events, event_name), None)
    _free_tool_id(TOOL_ID)
    _tool_claimed = False


include "guards.pxi"
include "op_walk.pxi"
include "watch.pxi"
include "observers.pxi"
include "tables.pxi"
