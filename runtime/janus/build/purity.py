"""User Python that a library runs during a build → interpreted by the builder, or refused.

The builder interprets the program's bytecode itself, so every value the graph consumes
is read through a guard.  But TensorFlow and Keras call back into the program's Python
while they add their part of the graph: a callable learning rate, a
LearningRateSchedule, a custom activation, a Lambda layer, a `tf.map_fn` body, a user
layer inside a Sequential.  Run natively, such code reads globals and attributes that
no guard covers, and the graph keeps what it read for ever while eager follows every
change (docs/soundness.md#python-that-tf-or-keras-calls-back-while-building).

So while a build runs, a sys.monitoring tool of its own watches every Python function
that starts or resumes on the building thread.  Library code (the standard library and
installed packages, janus included) is let through, and its event switched off for the
rest of the build.  The first time the program's own code starts inside a library call,
it is stopped before its first instruction, so it has changed nothing, and the build
starts again with that code object marked.  During a build, a call of a marked code goes
through janus_ext's entry hook to the builder, which interprets it like any inlined
function and guards what it reads; outside builds the hook declines and the call runs
as it always did.  A generator resumed by a library, or code the builder cannot take
over, refuses the build with the place and the reason.

Building changes no state the program can see: the global generators of `random` and
`numpy.random` are compared before and after each build, and a build that drew from
one (Keras' legacy initializers take a seed from numpy's) is refused and the generator
put back, since eager would draw again at every call where the graph keeps one draw.
Nor does it log: a record library code logs while a graph is built (TF's deprecation
warning at a function's first use) would reach the program's handlers at build time,
once, where eager logs at the call; the record is held back, the build dropped, and
the interpreter runs the call and logs (_library_logged).  Nor does it make variables:
library code that makes its own on first use (a Keras metric compiled mid-run, built by
its first update_state) would make them in the graph, and
tf.function would trace the build twice; that build is dropped (variables_noted).

The program's functions that TF itself traces (a `tf.function` or a tf.data function
the program wrote) are left to TF: eager freezes their reads at trace time too.
"""

import collections
import contextlib
import functools
import logging
import os
import random
import re
import sys
import sysconfig
import threading
import warnings

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import ops

import janus_ext

from .. import guards
from ..errors import NotYet, Retry, Unsupported
from ..frontend import bytecode
from ..state import heap, library_state
from ..values import is_symbolic
from . import graph_sniffing, program_functions, warning_calls

MAX_ATTEMPTS = 8            # builds of one call, each finding new callback code
_TOOL_CANDIDATES = (4, 3)   # the ids sys.monitoring leaves unnamed
_EVENTS = sys.monitoring.events
_TF_TRACING = (os.sep + os.path.join("tensorflow", "python", "eager",
                                     "polymorphic_function") + os.sep,
               os.sep + os.path.join("tensorflow", "python", "data") + os.sep)
_JANUS_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


class _Stopped(Unsupported):
    """Raised into user code at its first instruction during the first build."""


def _library_dirs():
    dirs = set()
    for scheme_vars in ({}, {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}):
        paths = sysconfig.get_paths(vars=scheme_vars or None)
        for key in ("stdlib", "platstdlib", "purelib", "platlib"):
            dirs.add(os.path.abspath(paths[key]) + os.sep)
    return tuple(sorted(dirs))


_LIBRARY_DIRS = _library_dirs()


def is_library_code(code, globals_dict) -> bool:
    """Code of the standard library or an installed package.  Code compiled from a
    string belongs to the module whose globals it runs in: the standard library
    generates namedtuple and dataclass methods that way, and TF calls its own while it
    builds, while a program run with exec() is the program's."""
    filename = code.co_filename
    if not filename.startswith("<"):
        # AutoGraph's rewrite of a function of the program (TF's tracing runs it).
        return filename.startswith(_LIBRARY_DIRS) or \
            os.path.basename(filename).startswith("__autograph_generated_file")
    if filename.startswith("<frozen "):
        return True
    name = globals_dict.get("__name__")
    if name is None:
        # exec() into a namespace of its own (a configuration compiled into an
        # activation): no module claims it, and the standard library's generated code
        # names its module (namedtuple's, dataclasses'), so it is the program's.
        return False
    if not isinstance(name, str) or name.startswith("namedtuple_"):
        return True
    module = sys.modules.get(name)
    if module is None or name == "__main__":
        return False              # exec() with globals of its own, or `-c` / a script
    module_file = getattr(module, "__file__", None)
    if not isinstance(module_file, str):
        return _made_by_a_library(name)
    return os.path.abspath(module_file).startswith(_LIBRARY_DIRS)


_SHA1_NAME = re.compile(r"[0-9a-f]{40}")


def _made_by_a_library(name) -> bool:
    """A module made in memory belongs to a library when a library names it so: TF's
    op wrappers from load_op_library (named by the sha1 of their source), or a module
    under an installed package (six.moves).  Any other is the program's (a
    configuration module it builds with types.ModuleType and exec())."""
    if _SHA1_NAME.fullmatch(name):
        return True
    root = sys.modules.get(name.partition(".")[0])
    root_file = getattr(root, "__file__", None)
    return isinstance(root_file, str) and \
        os.path.abspath(root_file).startswith(_LIBRARY_DIRS)


def _traced_by_tf(frame):
    """True when TF's own tracing, not janus's builder, is what called this frame."""
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith(_JANUS_DIR):
            return False
        if any(part in filename for part in _TF_TRACING):
            return True
        frame = frame.f_back
    return False


class _Watch:
    def __init__(self, run):
        self.run = run
        self.new_codes: list = []
        self.failure = None          # the first error the builder raised inside a callback
        self.logged = False          # library code logged a record (library_logged)

    def fail(self, exc):
        if self.failure is None:
            self.failure = exc

    def verdict(self):
        """After the build: the error that must stand, a Retry, or None."""
        if isinstance(self.failure, Unsupported) and \
                not isinstance(self.failure, _Stopped):
            return self.failure
        if self.new_codes:
            names = ", ".join(code.co_qualname for code in self.new_codes)
            return Retry(f"library code called back into {names}")
        return None


_watches: dict[int, _Watch] = {}
_intercepted: set = set()
_tool = None
_lock = threading.Lock()


def _claim_tool():
    global _tool
    if _tool is not None:
        return _tool
    for tool in _TOOL_CANDIDATES:
        if sys.monitoring.get_tool(tool) is None:
            sys.monitoring.use_tool_id(tool, "janus build purity")
            sys.monitoring.register_callback(tool, _EVENTS.PY_START, _on_start)
            sys.monitoring.register_callback(tool, _EVENTS.PY_RESUME, _on_resume)
            graph_sniffing.on_entry(logging.Logger.handle, _library_logged)
            _tool = tool
            return tool
    raise Unsupported("no sys.monitoring tool id is free to watch the build for "
                      "library calls into the program's code")


@contextlib.contextmanager
def watching(run):
    """Watch the current thread's build by `run` (a Builder) for user code run natively;
    yields the watch whose verdict() the caller raises."""
    tool = _claim_tool()
    ident = threading.get_ident()
    watch = _Watch(run)
    with _lock:
        outer = _watches.get(ident)
        _watches[ident] = watch
        if len(_watches) == 1 and outer is None:
            sys.monitoring.set_events(tool, _EVENTS.PY_START | _EVENTS.PY_RESUME)
    before = _generator_states()
    once = [(table, set(table)) for table in _logged_once_tables()]
    shown, showwarning = [], warnings.showwarning
    warnings.showwarning = lambda message, category, filename, lineno, *rest: \
        shown.append((message, category, filename, lineno))
    try:
        with warning_calls.program_showwarning(showwarning):
            yield watch
    finally:
        warnings.showwarning = showwarning
        _put_back_warnings(shown, watch)
        _put_back_generators(before, watch)
        if watch.logged:
            # The interpreter runs the call and logs: TF's tables of what it logged
            # once forget what the held-back records would have logged (entries are
            # only added to them).
            for table, keys in once:
                for key in [key for key in table if key not in keys]:
                    del table[key]
        with _lock:
            if outer is None:
                del _watches[ident]
            else:
                _watches[ident] = outer
            if not _watches:
                sys.monitoring.set_events(tool, 0)


def _library_logged(args):
    """Logger.handle's entry while janus builds its own graph on this thread: a record
    logged then is library code's (the program's logging calls in the step are the
    graph's effects, replayed at commit), and is held back."""
    record = args[1]
    watch = _watches.get(threading.get_ident())
    if watch is None or record.name.split(".")[0] == "janus":
        return graph_sniffing.DECLINE
    try:
        message = record.getMessage()
    except Exception:                # what eager's handler reports, at the call
        message = str(record.msg)
    watch.logged = True
    watch.fail(NotYet(f"library code logged while the step was built ({record.name} "
                      f"{record.levelname}: {message[:120]}): eager logs at the call, a "
                      "graph would not"))
    return None


def _logged_once_tables():
    """TF's tables of what it logs once per process: a deprecated function's warning
    (util.deprecation._PRINTED_WARNING)."""
    deprecation = sys.modules.get("tensorflow.python.util.deprecation")
    table = getattr(deprecation, "_PRINTED_WARNING", None)
    return [table] if type(table) is dict else []


def _generator_states():
    return random.getstate(), np.random.get_state(), keras_names(), _keras_seed_generator()


def _keras_seed_generator():
    global_state = sys.modules.get("keras.src.backend.common.global_state")
    return None if global_state is None else \
        global_state.get_global_attribute(library_state.KERAS_SEED_GENERATOR)


def _put_back_keras_seed_generator(before, watch):
    if _keras_seed_generator() is before:
        return
    sys.modules["keras.src.backend.common.global_state"].set_global_attribute(
        library_state.KERAS_SEED_GENERATOR, before)
    watch.fail(NotYet(
        "building made or replaced Keras' global SeedGenerator (a keras.random draw with "
        "seed=None): eager makes it once, from Python's random"))


def keras_names():
    """A copy of Keras 3's per-prefix counters of object names (naming.get_uid: each new
    layer, optimizer, metric takes the next "dense_3"), None before Keras made any.
    Keras keeps them in its thread-local global state, the building thread's here."""
    global_state = sys.modules.get("keras.src.backend.common.global_state")
    counters = None if global_state is None else \
        global_state.get_global_attribute("object_name_uids")
    return None if counters is None else (counters, dict(counters))


class _NotedNames(collections.defaultdict):
    """Keras' name counters while a graph is built (keras_names_noted): a copy that
    notes each name taken inside a cond branch or loop body being traced."""

    def __init__(self, counts, root):
        super().__init__(int, counts)
        self.root, self.nested = root, []

    def __setitem__(self, prefix, count):
        if ops.get_default_graph() is not self.root:
            self.nested.append(f"{prefix}_{count}")
        super().__setitem__(prefix, count)


@contextlib.contextmanager
def keras_names_noted(graph, effects):
    """While `graph` is built: the Keras object names the build takes ("cond_8") are
    given back when it ends, and a converted call takes them again at commit (a heap
    effect appended to `effects`).  Keras makes some objects at every call, eagerly
    too (keras.ops.cond makes a `Cond` operation; LossScaleOptimizer and gradient
    accumulation run it), and names them from a per-prefix counter in its global state.
    A name taken inside a cond branch or a loop body is refused: eager takes it only on
    the path it runs, as often as it runs.  An object made while building that outlives
    the call is refused elsewhere (outputs, stores)."""
    global_state = sys.modules.get("keras.src.backend.common.global_state")
    if global_state is None:
        yield
        return
    original = global_state.get_global_attribute("object_name_uids")
    counts = dict(original or {})
    noted = _NotedNames(counts, graph)
    global_state.set_global_attribute("object_name_uids", noted)
    try:
        yield
    finally:
        replaced = global_state.get_global_attribute("object_name_uids") is not noted
        global_state.set_global_attribute("object_name_uids", original)
    if replaced:
        raise Unsupported("the step replaces Keras' global state (clear_session) while "
                          "a graph is built")
    if noted.nested:
        raise Unsupported(f"Keras made objects inside a branch or loop of the graph "
                          f"({', '.join(noted.nested[:3])}): eager makes them only on the "
                          "path it runs, and numbers their names so")
    taken = tuple((prefix, count - counts.get(prefix, 0))
                  for prefix, count in dict.items(noted) if count != counts.get(prefix, 0))
    if taken:
        effects.append(heap.Effect("call", functools.partial(_take_keras_names, taken),
                                   None, ((), {})))


def _take_keras_names(taken):
    global_state = sys.modules["keras.src.backend.common.global_state"]
    counters = global_state.get_global_attribute(
        "object_name_uids", default=collections.defaultdict(int), set_to_default=True)
    for prefix, count in taken:
        counters[prefix] += count


def _set_keras_names(before):
    global_state = sys.modules["keras.src.backend.common.global_state"]
    if before is None:
        global_state.set_global_attribute("object_name_uids", None)
    else:
        counters, counts = before
        counters.clear()
        counters.update(counts)
        global_state.set_global_attribute("object_name_uids", counters)


def _put_back_keras_names(before, watch):
    now = keras_names()
    counts_now, counts_before = (now[1] if now else {}), (before[1] if before else {})
    if counts_now == counts_before:
        return
    made = sorted(f"{prefix}_{count}" if count > 1 else prefix
                  for prefix, count in counts_now.items()
                  if count != counts_before.get(prefix, 0))
    _set_keras_names(before)
    watch.fail(NotYet(
        f"building made a Keras object ({', '.join(made[:3])}), which takes the next name "
        "from Keras's counter: eager makes a new one at every call, a graph would keep the "
        "one made while building"))


def _put_back_warnings(shown, watch):
    """Library code warned while the graph was built (Keras' "Gradients do not exist
    for variables"): eager shows the warning at this call, and at every call where the
    filter says "always"; a graph would show none.  The build is dropped, and the
    warnings module forgets that it showed them (its registries of warnings shown
    once), so that the interpreter, which runs the call instead, shows them itself."""
    for message, category, filename, lineno in shown:
        text = str(message)
        for module in list(sys.modules.values()):
            if getattr(module, "__file__", None) == filename:
                registry = getattr(module, "__warningregistry__", None)
                if type(registry) is dict:
                    for key in ((text, category, lineno), (text, category, 0)):
                        registry.pop(key, None)
        warnings.onceregistry.pop((text, category), None)
    if shown:
        message, category = shown[0][:2]
        watch.fail(NotYet(f"library code warned while the step was built "
                          f"({category.__name__}: {str(message)[:120]}): eager warns "
                          "at the call, a graph would not"))


def _put_back_generators(before, watch):
    # NotYet, not Unsupported: another thread may have drawn while this one built.
    # A build that draws itself fails every time and gives up at the recompile limit.
    python_state, numpy_state, keras_names, keras_seed_generator = before
    _put_back_keras_names(keras_names, watch)
    _put_back_keras_seed_generator(keras_seed_generator, watch)
    if random.getstate() != python_state:
        random.setstate(python_state)
        watch.fail(NotYet(
            "building drew from Python's `random` generator: eager draws at every call, "
            "a graph would keep one draw"))
    now = np.random.get_state()
    if now[0] != numpy_state[0] or not np.array_equal(now[1], numpy_state[1]) or \
            now[2:] != numpy_state[2:]:
        np.random.set_state(numpy_state)
        watch.fail(NotYet(
            "building drew from numpy's global generator (np.random, or a library "
            "seeding from it): eager draws at every call, a graph would keep one draw"))


def _on_start(code, offset):
    frame = sys._getframe(1)
    if is_library_code(code, frame.f_globals):
        return sys.monitoring.DISABLE
    watch = _watches.get(threading.get_ident())
    # PY_START comes before the entry hook, which hands intercepted code to the builder.
    if watch is None or code in _intercepted or _traced_by_tf(frame.f_back):
        return None
    where = f"{code.co_qualname} ({code.co_filename}:{code.co_firstlineno})"
    if code.co_flags & bytecode.GENERATOR_FLAGS:
        watch.fail(Unsupported(f"library code started the generator {where} "
                               "while building"))
    elif janus_ext.has_entry(code):
        # A function janus took over: its entry hands the call to the builder
        # (call_while_building).  (Not every code with janus's PY_START events has one:
        # a function janus only profiles, or counts the calls of, runs its body.)
        return None
    else:
        _intercept(code)
        watch.new_codes.append(code)
    raise _Stopped(f"{where} stopped before it ran: library code called it while building")


def _on_resume(code, offset):
    frame = sys._getframe(1)
    if is_library_code(code, frame.f_globals):
        return sys.monitoring.DISABLE
    watch = _watches.get(threading.get_ident())
    if watch is not None and not _traced_by_tf(frame.f_back):
        watch.fail(Unsupported(
            f"library code resumed the generator {code.co_qualname} ({code.co_filename}:"
            f"{code.co_firstlineno}) while building"))
        raise _Stopped("a generator of the program resumed while building")
    return None


def _intercept(code):
    param_names = bytecode.argument_names(code)

    def entry(args):
        # The program's frame, before its first line.
        return call_while_building(code, sys._getframe(1), param_names, args)

    _intercepted.add(code)
    janus_ext.set_entry(code, entry, param_names)


def call_while_building(code, frame, param_names, args):
    """A call of the program's `code` (its frame not started yet) made by library code
    while a graph is traced: janus's builder on this thread runs it as it would an
    inlined call; TF's own tracing (the program's tf.function) runs it natively."""
    watch = _watches.get(threading.get_ident())
    if watch is None or frame is None or _traced_by_tf(frame.f_back):
        return janus_ext.DECLINE
    if code.co_name == "__init__" and args and frame.f_back is not None and \
            not frame.f_back.f_code.co_filename.startswith(program_functions.JANUS_DIRECTORY):
        # An object of the program's class that library code made (tf.nest rebuilding
        # an attrs structure): eager makes a new one at every call, a graph would hand
        # out the one made while building.
        exc = Unsupported(f"TF/Keras code made an object of the program's class "
                          f"{type(args[0]).__qualname__} while the step was built: eager "
                          "makes a new one at every call")
        watch.fail(exc)
        raise exc
    try:
        return interpret(watch.run, code, frame.f_globals, param_names, args)
    except BaseException as exc:
        watch.fail(exc)
        # The exception's traceback holds this frame: were the frame to hold the watch
        # that keeps the exception, the cycle would keep the program's values the
        # callback's frames hold alive until a cyclic collection, past the point where
        # eager frees them (docs/soundness.md#object-lifetime).
        del watch
        raise


def interpret(run, code, globals_dict, param_names, args):
    """Call `code` as the builder `run` would an inlined function.  Its arguments came
    from library code, not from a guarded place: objects are guarded from themselves
    (their identity is what the build saw), cells likewise."""
    count = len(param_names)
    local_values = {name: run.held_by_identity(value, f"{code.co_qualname}'s {name}",
                                               code, 0)
                    for name, value in zip(param_names, args[:count])}
    cells = {name: (cell, guards.const(cell))
             for name, cell in zip(code.co_freevars, args[count:])}
    run.inlining.stack.append((code, local_values))
    try:
        result = run.execute(code, globals_dict, local_values, cells)
    finally:
        run.inlining.stack.pop()
    return handed_to_library_body(run, result, code.co_qualname)


def handed_to_library_body(run, result, name):
    """What the program's function `name` returns to library code that traces it, as
    that code gets it: eager's tf.cond / tf.switch_case run the branch taken and return
    what it returned; a traced body's results become tensors of the library's op, so
    Python values there are refused."""
    if run.in_library_body() and _holds_python_values(run, result):
        raise Unsupported(f"{name} returns Python values into a body library "
                          "code traces (a tf.cond or tf.switch_case branch): eager hands "
                          "them back as they are, a graph as tensors")
    return run.as_eager_number(result)


def _holds_python_values(run, value, depth=0):
    if is_symbolic(value):
        return run.provenance.number_of(value) is not None     # a Python number
    if isinstance(value, (tuple, list)) and depth < 4:
        return any(_holds_python_values(run, v, depth + 1) for v in value)
    if isinstance(value, dict) and depth < 4:
        return any(_holds_python_values(run, v, depth + 1) for v in value.values())
    return value is not None and not isinstance(value, tf.Variable) and not tf.is_tensor(value)


def release():
    """Forget every intercepted code and give the tool id back (tests, shutdown)."""
    global _tool
    for code in list(_intercepted):
        janus_ext.clear_entry(code)
    _intercepted.clear()
    if _tool is not None and not _watches:
        sys.monitoring.set_events(_tool, 0)
        sys.monitoring.register_callback(_tool, _EVENTS.PY_START, None)
        sys.monitoring.register_callback(_tool, _EVENTS.PY_RESUME, None)
        sys.monitoring.free_tool_id(_tool)
        _tool = None


def variables_noted(made: list):
    """A variable creator scope for a build that notes each variable library code makes
    and lets tf.function make it (outside the graph, as it does on a first trace).  The
    library object is then built as eager would build it at this call; the build, which
    tf.function traced twice, is dropped (made_variables_reason) and the call runs in the
    interpreter.  Raising inside the creator instead would leave the library object half
    built (an Adam whose `built` is set and whose `_momentums` are not)."""
    def note(next_creator, **kwargs):
        made.append(kwargs.get("name") or "unnamed")
        return next_creator(**kwargs)
    return note


def made_variables_reason(made) -> str:
    return (f"library code created variables ({', '.join(map(str, made[:3]))}) on first use; "
            "this call runs in the interpreter")
