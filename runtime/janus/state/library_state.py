"""TF/Keras objects a build handed to library code → their dicts watched, so that a graph
built from their attributes goes stale when the program changes one.

Library code runs while janus builds (a Dense layer's call, an optimizer's apply, a loss's
__call__) and reads its objects' attributes where no entry guard sees them:
`self.activation`, `self.clipnorm`, `self.reduction`.  Guarding each would cost every
call.  Instead janus_ext.watch_dict registers the object's __dict__ (and the dicts,
library objects and lists of library objects it holds, down through nested models) with
CPython's dict watchers: a write that stores another object marks the graphs built from it
stale, and the cache drops them at their next lookup (janus/run/cache.py), which rebuilds
from the new state.  A call that changes nothing pays nothing
(docs/soundness.md#library-state).

An instance of the program's own subclass of a Keras class (a `keras.Model` with its
own train_step) is watched too, since library code reads its Keras-managed attributes
(`model.compile()` replaces `_compile_loss` and `_compile_metrics`), but not at the names
the program's code reads or writes: those the builder reads through guards and the
commit writes, and watching them would make every commit a rebuild.

Three more kinds of state library code reads while building have no dict of an object
the build handed it:
- TF's summary state (the default writer, the step, the recording condition), a
  thread-local of tensorflow's summary_ops_v2: while a graph is built the module holds
  a stand-in that notes whether library code read it, and a graph whose build read it
  watches the building thread's state (`writer.set_as_default()` or
  `tf.summary.experimental.set_step(n)` between calls makes it stale);
- TF's global random generator (`tf.random.get_global_generator()`), a module global
  that `tf.random.set_global_generator` replaces: a graph that draws from it watches
  that module's dict;
- numpy arrays and sets that watched objects hold (a schedule's `values`, an
  optimizer's weight-decay exclusions): no watcher sees a write into them, so their
  contents are compared at each lookup (`changed_contents`); and `obj.__class__ = Other`
  on a watched object writes no dict, so its type is guarded.
"""

import array
import collections
import contextlib
import functools
import logging
import logging.handlers
import sys
import threading
import types
import weakref

import numpy as np
import tensorflow as tf
from tensorflow.python.eager import context
from tensorflow.python import tf2
from tensorflow.python.framework import config as tf_config
from tensorflow.python.framework import ops, random_seed, tensor_shape
from tensorflow.python.util import traceback_utils
from tensorflow.python.ops import stateful_random_ops, summary_ops_v2

import janus_ext

from ..errors import Unsupported
from ..values import HEAPTYPE, LIBRARY_MODULES, is_library_class, is_programs_class
from . import library_names, logging_setup, opaque_callables

# GradientTapes made while a graph was traced (janus/detect/tape.py notes them): a step's
# own tape.  Any other tape is the program's, from outside the graph being built.
TAPES_MADE_IN_GRAPHS = weakref.WeakSet()

# Values whose own dicts do not hold configuration: their state is read in the graph.
_NOT_CONFIGURATION = (tf.Variable, tf.Tensor)
_PLAIN = (bool, int, float, str, type(None))
# How many library objects one graph watches at most: a graph whose library objects are
# more is refused, since one left unwatched could change unseen (about 14 per Dense
# layer, their variables included).
MAX_OBJECTS = 1 << 17


def is_watched_kind(value) -> bool:
    """An instance of a TF/Keras class itself (not a user subclass), holding a __dict__:
    a tf.Variable too, whose own dict the program can give attributes library code
    finds (`kernel.value.assign_sub = damped`, which Keras' optimizer then calls)."""
    return is_library_class(type(value)) and \
        (isinstance(value, tf.Variable) or not isinstance(value, _NOT_CONFIGURATION)) and \
        type(getattr(value, "__dict__", None)) is dict and not isinstance(value, type)


def is_program_subclass(value) -> bool:
    """An instance of the program's own subclass of a TF/Keras class, holding a __dict__."""
    kind = type(value)
    return not is_library_class(kind) and \
        any(is_library_class(base) for base in kind.__mro__[1:-1]) and \
        not isinstance(value, _NOT_CONFIGURATION) and \
        type(getattr(value, "__dict__", None)) is dict and not isinstance(value, type)


def is_program_object(value) -> bool:
    """An instance of another class of the program's with a __dict__ (an activation
    object with its own __call__, an initializer, a config object) that a library
    object holds: library code calls it or reads it."""
    return is_programs_class(type(value)) and \
        not isinstance(value, (type, types.FunctionType, types.ModuleType,
                               _NOT_CONFIGURATION)) and \
        type(getattr(value, "__dict__", None)) is dict


def note(found: dict, handed: dict, scanned: set, fn, args, kwargs):
    """Remember the library objects a call of library code `fn` can read, and the
    program's callables it is handed (`handed`), and refuse the build before that code
    runs if what they reach holds C code it could call (opaque_callables.py: called now,
    it would change the program's state)."""
    new, new_handed = [], []
    for value in (fn, getattr(fn, "__self__", None), *args, *kwargs.values()):
        if (is_watched_kind(value) or is_program_subclass(value)) and id(value) not in found:
            found[id(value)] = value
            new.append(value)
        elif opaque_callables.hands_callables(value) and id(value) not in handed:
            handed[id(value)] = value
            new_handed.append(value)
    if new or new_handed:
        _Walk(None, scanned, [], lambda obj: (), [], [], {}).walk(new, new_handed)


def watch(objects, graph, program_names, changed=None, arguments=()):
    """Mark `graph` stale (graph.stale = why) when one of `objects` changes, other than
    at the names `program_names(obj)` says the program's code reads or writes.  Returns
    what no watcher sees, for the caller to guard or compare:
    - the lists of plain values they hold (a schedule's `values`, a Rescaling's
      `scale`): CPython has no list watchers, so the caller guards their contents;
    - the numpy arrays, `array.array`s, sets and nested lists of plain values they hold
      (an optimizer's weight-decay exclusions, a per-channel scale given as rows), as
      (where, value, its contents now) for `changed_contents`;
    - every object watched: `obj.__class__ = Other` writes no dict, so the caller
      guards each one's type;
    - the functools.partial objects they hold: `p.__setstate__(...)` gives one another
      function, arguments and keywords dict without writing a dict, so the caller
      guards what each holds (guards.pinned_partials).
    `changed` ({id: container}) holds the containers the call changed before it last
    called library code: library code read them as they were, and reaching one refuses
    the graph.  `arguments`: the program's callables handed to library code, considered
    as values library state holds."""
    seen, lists, watched, partials = set(), [], [], []
    walk = _Walk(graph, seen, lists, program_names, watched, partials, changed or {})
    try:
        walk.walk(objects, arguments)
    except Unsupported:
        forget(graph)
        raise
    _watch_classes(watched, graph, program_names)
    janus_ext.watch_library_code(graph, LIBRARY_MODULES)
    compared = tuple((where, value, _contents(value)) for where, value in lists
                     if not _flat_list(value))
    pinned = [value for _, value in lists if _flat_list(value)] + walk.handed_lists
    return pinned, compared, watched, partials


def _flat_list(value) -> bool:
    return isinstance(value, list) and all(type(item) in _PLAIN for item in value)


def _nested_plain(value, depth=0) -> bool:
    """A list or tuple of plain values, of numpy arrays (a schedule's values given as
    views into a table the program edits) and of such lists and tuples (rows of
    numbers)."""
    return isinstance(value, (list, tuple)) and 0 < len(value) and \
        depth < 4 and all(type(item) in _PLAIN or type(item) in (np.ndarray, array.array)
                          or _nested_plain(item, depth + 1) for item in value)


def _watch_classes(objects, graph, program_names):
    """Mark `graph` stale when a class of one of `objects` (its own class or a base) is
    modified: `keras.layers.Dense.call = patched`, or `Proj.call = gated` on the
    program's subclass of Dense, changes what library code runs without writing any
    object's dict.
    - TF/Keras classes: CPython's type watchers report any change.
    - The program's own classes (a subclass of a Keras class, or a class between): the
      dict each keeps its attributes in is watched, but not at the names the program's
      code reads or writes there, which the builder guards where read and the commit
      writes (a class-level counter the step increments would make every commit a
      rebuild)."""
    classes, touched = {}, {}
    for obj in objects:
        for cls in type(obj).__mro__:
            if cls.__flags__ & HEAPTYPE:
                classes.setdefault(id(cls), cls)
                # `net.loss_fn` read by the program through an instance is guarded on
                # what the class holds too.
                touched.setdefault(id(cls), set()).update(program_names(obj))
    for cls in classes.values():
        if is_library_class(cls):
            described = f"{cls.__module__}.{cls.__qualname__}"
            if not janus_ext.watch_class(cls, described, graph):
                raise Unsupported(f"class {described} was modified more often than "
                                  "CPython can track, so a change to it could go unseen")
        else:
            janus_ext.watch_dict(janus_ext.class_dict(cls), f"class {cls.__qualname__}",
                                 graph, frozenset(touched[id(cls)]) |
                                 frozenset(program_names(cls)))


def program_class_types(objects):
    """The classes of `objects` with one of the program's classes in their MRO, whose
    MRO the program can change by assigning `__bases__` (guards.pinned_mros); a change
    above TF/Keras classes alone is a type event their watchers hear."""
    kinds = {}
    for obj in objects:
        kind = type(obj)
        if id(kind) not in kinds and any(is_programs_class(cls) for cls in kind.__mro__):
            kinds[id(kind)] = kind
    return list(kinds.values())


def is_keras_callback(obj) -> bool:
    """A keras.callbacks.Callback (History, a LambdaCallback, a CallbackList)."""
    module = sys.modules.get("keras.src.callbacks.callback")
    return module is not None and isinstance(obj, module.Callback)


class Setting:
    """A process-wide setting that a build's native evaluation answered from, in a
    compared entry (`changed_contents`): its value is read again before each call."""

    def __init__(self, what, read):
        self.what, self.read = what, read

    def __repr__(self):
        return self.what


# str() of an int, or int() of a str, raises beyond this many digits.
INT_DIGIT_LIMIT = Setting("the int/str conversion limit (sys.set_int_max_str_digits)",
                           sys.get_int_max_str_digits)


def _call_context():
    """What TF and Keras code asks of the context a call is made in, per thread: the
    caller's name scope (`with tf.name_scope("finetune"):`, which
    tf.get_current_name_scope() and summary tags read), the tf.distribute scopes
    entered (a list on TF's default graph, appended to: no dict a watcher sees; held by
    id), the op callbacks installed (tfdbg's add_op_callback: eager calls them per op
    executed, a graph per op made), op determinism (an unseeded draw then raises where
    it is made) and which of Keras' StatelessScope, SymbolicScope and AutocastScope are
    entered (keys among KERAS_SCOPED, which no watch sees).  One read per call, one
    tuple compared: about 1.5 µs (timeit of this function, 2026-11-29)."""
    # (The context's per-thread data read once, not through its properties.)
    eager = context.context()._thread_local_data
    graph_locals = ops.get_default_graph()._thread_local.__dict__
    state = sys.modules.get("keras.src.backend.common.global_state")
    attributes = state.GLOBAL_STATE_TRACKER.__dict__ if state is not None else {}
    return (eager.scope_name,
            tuple(map(id, graph_locals.get("_distribution_strategy_stack", ()))),
            tuple(map(id, eager.op_callbacks)),
            tf_config.is_op_determinism_enabled(),
            tuple(attributes.get(key) is not None for key in KERAS_CALLER_SCOPES))


# The Keras scopes a caller may enter around a call (a StatelessScope records variable
# updates instead of making them, a SymbolicScope makes symbolic tensors, an
# AutocastScope casts variables).
KERAS_CALLER_SCOPES = ("stateless_scope", "symbolic_scope", "autocast_scope")
CALL_CONTEXT = Setting("the TF/Keras context the call is made in (name scope, "
                        "tf.distribute scope, op callbacks, op determinism, Keras scopes)",
                        _call_context)
# numpy's print options (a context variable of numpy's): how repr() and str() spell
# numpy scalars and arrays.
NUMPY_PRINT_OPTIONS = Setting("numpy's print options (np.set_printoptions)",
                               np.get_printoptions)


# Conversions of ints below this many digits never reach the limit (its least value).
_LEAST_DIGIT_LIMIT = 640


def note_array(settings, where, value):
    """An ndarray or array.array library code read natively while a build ran (an
    argument's items): its contents then, compared before each call (held weakly: the
    graph does not keep the program's array alive)."""
    held = weakref.ref(value)

    def read():
        array_now = held()
        return None if array_now is None else _contents(array_now)

    note_setting(settings, Setting(f"the array {where}", read))


def note_setting(settings, setting):
    """Record what `setting` is while a build answers from it (Record.settings)."""
    if setting not in settings:
        settings[setting] = setting.read()


def note_native_evaluation(settings, values):
    """A native operation (str(), formatting, ==, a pure builtin) ran on `values` while a
    build answered from it: the process-wide settings its result depends on are
    compared before each call.  An int or str long enough for the digit limit to
    matter depends on the limit; a numpy scalar or array formatted depends on numpy's
    print options (`np.set_printoptions(legacy="1.25")` makes `repr(np.float32(0.5))`
    "0.5", not "np.float32(0.5)")."""
    for value in _flat_values(values):
        if type(value) is int and value.bit_length() > 3.3 * _LEAST_DIGIT_LIMIT or \
                type(value) is str and len(value) > _LEAST_DIGIT_LIMIT:
            note_setting(settings, INT_DIGIT_LIMIT)
        elif isinstance(value, (np.generic, np.ndarray)):
            note_setting(settings, NUMPY_PRINT_OPTIONS)


def _flat_values(values, depth=0):
    for value in values:
        yield value
        if depth < 3 and type(value) in (list, tuple, set, frozenset, dict) or \
                depth < 3 and isinstance(value, tuple):
            yield from _flat_values(value.values() if type(value) is dict else value,
                                    depth + 1)


def compared_settings(settings):
    """The entries for `changed_contents` of a build that read `settings` ({setting:
    its value then})."""
    return tuple((setting.what, setting, value) for setting, value in settings.items())


def _contents(value):
    if type(value) is Setting:
        return value.read()
    if isinstance(value, logging.Logger):
        return logging_setup.setup_of(value)
    if isinstance(value, np.ndarray):
        return value.dtype.str, value.shape, value.tobytes()
    if isinstance(value, array.array):
        return value.typecode, value.tobytes()
    if isinstance(value, (list, tuple)):
        return tuple(map(_contents, value))
    if type(value) is float:
        return value.hex()              # -0.0 and 0.0 differ, as for a guard
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return type(value), value


def changed_contents(compared):
    """Why the graph holding `compared` (watch's second result) is stale, or None."""
    changed = janus_ext.first_changed(compared, _contents)
    if changed == -1:
        return None
    where, value, _ = compared[changed]
    return f"{where} changed" if type(value) is Setting else f"{where} changed in place"


class _SummaryReads:
    """Stands for summary_ops_v2._summary_state while a graph is built: forwards every
    read and write to the real state (each thread still sees its own) and notes that
    library code read it."""

    def __init__(self, real):
        object.__setattr__(self, "real", real)
        object.__setattr__(self, "read", False)

    def __getattr__(self, name):
        object.__setattr__(self, "read", True)
        return getattr(self.real, name)

    def __setattr__(self, name, value):
        setattr(self.real, name, value)


@contextlib.contextmanager
def summary_reads():
    """While a graph is built: notes whether TF's summary code read its state."""
    held = summary_ops_v2._summary_state
    reads = _SummaryReads(held.real if isinstance(held, _SummaryReads) else held)
    summary_ops_v2._summary_state = reads
    try:
        yield reads
    finally:
        summary_ops_v2._summary_state = held


_VALUE_CLASSES = ("tensorflow.python.framework.tensor:Tensor",
                  "tensorflow.python.framework.ops:_EagerTensorBase",
                  "tensorflow.python.ops.variables:Variable",
                  "tensorflow.python.ops.resource_variable_ops:BaseResourceVariable",
                  "tensorflow.python.ops.resource_variable_ops:ResourceVariable",
                  "keras.src.backend.common.variables:Variable",
                  "keras.src.backend.tensorflow.core:Variable")


def _watch_value_classes(graph):
    """Mark `graph` stale when the program patches a method of TF's tensors or
    variables (`tf.Tensor.__mul__ = counted`, `ResourceVariable.assign_sub = decayed`):
    the graph holds the ops the old method made."""
    for entry in _VALUE_CLASSES:
        module_name, class_name = entry.split(":")
        module = sys.modules.get(module_name)
        cls = getattr(module, class_name, None) if module is not None else None
        if cls is None:
            continue
        described = f"{module_name}.{class_name}"
        if not janus_ext.watch_class(cls, described, graph):
            raise Unsupported(f"class {described} was modified more often than CPython "
                              "can track, so a change to it could go unseen")


def watch_tf_globals(reads, graph):
    """Mark `graph` stale when the summary state its build read changes in this thread,
    when tf.random.set_global_generator replaces the generator it draws from, when
    Keras' global SeedGenerator it draws from is dropped or replaced, when Keras'
    configuration (epsilon, floatx, image data format) changes, or when a class is
    registered as a pytree node (keras.tree)."""
    if reads.read:
        janus_ext.watch_dict(reads.real.__dict__, "tf.summary's default writer, step or "
                             "recording condition", graph)
    generator = stateful_random_ops.global_generator
    captures = graph.function.graph.external_captures
    if generator is not None and any(capture is generator.state.handle
                                     for capture in captures):
        janus_ext.watch_dict(vars(stateful_random_ops), "tf.random's global generator",
                             graph)
    keras_config = sys.modules.get("keras.src.backend.config")
    if keras_config is not None:
        # keras.config.set_epsilon / set_floatx / set_image_data_format write these
        # module globals, which Keras' losses and layers read while a graph is built.
        janus_ext.watch_dict(vars(keras_config), "Keras' configuration (keras.config)",
                             graph)
    # The gradient functions a build's tapes took, looked up by op type in TF's
    # gradient registry (a Registry object's dict of dicts): replacing one
    # (`_registry["Tanh"]["type"] = damped`) changes the backward eager builds.
    # Only those entries: each call of a tf.custom_gradient function registers a new
    # name ("CustomGradient-3790").
    registry = ops._gradient_registry._registry
    op_types = {op.type for op in graph.function.graph.get_operations()}
    janus_ext.watch_dict(registry, "TF's gradient registry", graph, _AllKeysBut(*op_types))
    for op_type in op_types:
        entry = registry.get(op_type)
        if type(entry) is dict:
            janus_ext.watch_dict(entry, f"TF's gradient registry ({op_type})", graph)
    # tf.debugging.disable_traceback_filtering(): a thread-local flag (this thread's
    # attributes are its __dict__; the graph serves this thread).
    janus_ext.watch_dict(traceback_utils._ENABLE_TRACEBACK_FILTERING.__dict__,
                         "TF's traceback filtering switch", graph)
    for module in (tensor_shape, tf2, random_seed):
        # tf.compat.v1.disable_v2_tensorshape() (`x.shape[1]` a Dimension, not an int),
        # enable_v2_behavior, random_seed.DEFAULT_GRAPH_SEED rebound (the pair an op
        # seed draws with): module flags library code reads while a graph is built.
        janus_ext.watch_dict(vars(module), f"TF's behaviour switches ({module.__name__})",
                             graph)
    _watch_value_classes(graph)
    optree_registry = sys.modules.get("optree.registry")
    if optree_registry is not None:
        # keras.tree.register_tree_node_class, optree.register_pytree_node and
        # unregister_pytree_node write this dict (optree keeps its C++ registry beside
        # it): keras.tree.flatten and map_structure, run while a graph is built, then
        # see through other classes.
        janus_ext.watch_dict(optree_registry._NODETYPE_REGISTRY,
                             "the pytree node registry (keras.tree, optree)", graph)
    # tf.config.optimizer.set_experimental_options / set_jit, soft device placement,
    # ...: attributes of TF's context object.  Eager instantiates each tf.function
    # call under the config current then; a graph keeps the config it was built under.
    # (The global seed is the random-number mechanism's: janus/semantics/random_ops.py.)
    watch_tf_config(graph)
    keras_state = sys.modules.get("keras.src.backend.common.global_state")
    if keras_state is not None:
        # What it read there is this thread's: another thread's call has its own
        # (Keras makes a thread its own SeedGenerator, from Python's random), and so
        # gets a graph of its own (run/cache.py).
        graph.thread = threading.get_ident()
        # keras.saving.custom_object_scope, the global dtype policy, interactive
        # logging, traceback filtering, a distribution: every thread-local attribute
        # Keras keeps there but those it sets and restores around its own calls
        # (KERAS_SCOPED), whatever the build read: a key added later (the first
        # keras.config.disable_interactive_logging()) is a change too.
        janus_ext.watch_dict(keras_state.GLOBAL_STATE_TRACKER.__dict__,
                             "Keras' configuration (keras.config, custom_object_scope, "
                             "dtype policy)", graph, KERAS_SCOPED)
    keras_generator = keras_state and keras_state.get_global_attribute(KERAS_SEED_GENERATOR)
    handle = _handle_of(getattr(keras_generator, "state", None))
    if handle is not None and any(capture is handle for capture in captures):
        # keras.random draws with seed=None (a Dropout without a seed) use Keras' global
        # SeedGenerator, a thread-local attribute that keras.utils.set_random_seed drops
        # (eager then makes a new one from Python's random).  Keras writes the other
        # attributes there at every layer call: only this one is watched.
        janus_ext.watch_dict(keras_state.GLOBAL_STATE_TRACKER.__dict__,
                             "Keras' global SeedGenerator", graph,
                             _AllKeysBut(KERAS_SEED_GENERATOR))
        # keras.backend.clear_session() replaces the thread-local as a whole.
        janus_ext.watch_dict(vars(keras_state), "Keras' global state", graph,
                             _AllKeysBut("GLOBAL_STATE_TRACKER"))


def watch_tf_config(dependent):
    """Mark `dependent` stale when the program changes TF's context configuration
    (tf.config.optimizer.set_experimental_options, set_jit, soft device placement...)."""
    tf_context = context.context().__dict__
    janus_ext.watch_dict(tf_context, "TF's configuration (tf.config)", dependent,
                         _CONTEXT_NOT_CONFIGURATION)
    for name, value in list(tf_context.items()):
        if type(value) is dict and name not in _CONTEXT_NOT_CONFIGURATION:
            # set_experimental_options updates _optimizer_experimental_options in place.
            janus_ext.watch_dict(value, f"TF's configuration (tf.config: {name})",
                                 dependent)


# The thread-locals library modules bind are watched as a whole (janus_ext
# settle_library_state: a change that stays after the caller's code ran makes every
# graph stale), but these, which watch_tf_globals watches per graph with their own
# exclusions: the summary state (tf.summary.experimental.set_step(n) per step would
# otherwise rebuild every graph), Keras' per-thread state (KERAS_SCOPED), traceback
# filtering.  The keys that count events rather than configure anything
# (distribute_utils' caching scope counters) are never compared.
janus_ext.ignore_library_locals(
    frozenset({"tensorflow.python.ops.summary_ops_v2._summary_state",
               "keras.src.backend.common.global_state.GLOBAL_STATE_TRACKER",
               "tensorflow.python.util.traceback_utils._ENABLE_TRACEBACK_FILTERING"}),
    frozenset({"cache_scope_exited_count", "new_cache_scope_count"}))

KERAS_SEED_GENERATOR = "global_seed_generator"     # keras.src.random.seed_generator's
# The attributes of Keras' thread-local state (keras.src.backend.common.global_state)
# that Keras sets and restores around its own calls (a layer call's context, name
# scopes, symbolic and stateless scopes, a deserialisation's shared objects) or that
# count names: every layer call writes them, and they configure nothing.  The global
# SeedGenerator and the global seed belong to the random draws' own watch (above).
# Any other attribute is configuration (set_global_attribute's callers in Keras 3.15).
KERAS_SCOPED = frozenset({
    "current_call_ctx", "name_scope_stack", "object_name_uids", "tracking_on",
    "symbolic_scope", "stateless_scope", "autocast_scope", "in_tf_graph_scope",
    "uninitialized_variables", "shared_objects/id_to_obj_map",
    "shared_objects/id_to_config_map", "torch_device", KERAS_SEED_GENERATOR,
    "global_random_seed"}) | frozenset(
    # A memo of saving_lib's, set anew at every save and load (Keras reads it back under
    # another name, saving_attr_skiplist_, so it never hits).
    f"saving_attr_skipset_{kind}" for kind in (
        "Operation", "Layer", "Functional", "Sequential", "Metric", "Optimizer", "Loss",
        "Cross", "Feature"))
_CONTEXT_NOT_CONFIGURATION = frozenset({"_seed", "_rng"})


@contextlib.contextmanager
def building():
    """While janus builds, what library code writes into its module-level dicts (the
    caches TF fills while tracing) is the build's own doing, not the program's."""
    janus_ext.library_data_quiet(1)
    try:
        yield
    finally:
        janus_ext.library_data_quiet(-1)


class _AllKeysBut:
    """The keys a dict watch ignores: all but these."""
    __slots__ = ("keys",)

    def __init__(self, *keys):
        self.keys = frozenset(keys)

    def __contains__(self, key):
        return key not in self.keys


def _handle_of(variable):
    """The resource handle of a Keras variable (it wraps a tf.Variable) or tf.Variable."""
    inner = getattr(variable, "_value", variable)
    return getattr(inner, "handle", None)


# Keys TF writes on a tf.Variable as bookkeeping, which no graph's ops depend on: the
# flag its first read sets, the shape list it caches, the uid a checkpoint restore sets.
_VARIABLE_BOOKKEEPING = frozenset({"_variable_read", "_cached_shape_as_list", "_update_uid"})


class _Walk:
    """One `watch`'s walk over the objects library code reaches, breadth first and to
    the end: every object reachable is watched, however deep (a functional model's
    nodes chain its layers) and however many a list holds, up to MAX_OBJECTS, past
    which the graph is refused.  Its steps are methods, not closures: a closure that
    calls itself is a reference cycle, which held `program_names`, and through it the
    objects the build read attributes of, until the next cyclic collection
    (docs/soundness.md#object-lifetime)."""

    __slots__ = ("graph", "seen", "lists", "program_names", "watched", "partials",
                 "changed", "todo", "handed_lists")

    def __init__(self, graph, seen, lists, program_names, watched, partials, changed):
        self.graph, self.seen, self.lists = graph, seen, lists
        self.program_names, self.watched, self.partials = program_names, watched, partials
        self.changed = changed
        self.todo = collections.deque()
        self.handed_lists = []

    def watch_object(self, obj, described):
        seen = self.seen
        if id(obj) in seen:
            return
        if len(self.watched) >= MAX_OBJECTS:
            raise Unsupported(f"the step reaches more than {MAX_OBJECTS} TF/Keras objects "
                              "(layers, variables, their settings): janus watches each one "
                              "a graph depends on, and would leave some unwatched")
        seen.add(id(obj))
        self.watched.append(obj)
        self.todo.append((obj, described))

    def walk(self, objects, arguments):
        """From the library objects and the program's callables handed to library code,
        to the end."""
        for obj in objects:
            self.watch_object(obj, name_of(obj))
        for value in arguments:
            self.consider_argument(value)
        while self.todo:
            self._visit(*self.todo.popleft())

    def consider_argument(self, value, where=None):
        """A callable of the program's handed to library code, or a list or tuple of
        them, whose items are pinned by identity (the branches the program may replace:
        guards.pinned_contents, no `==` of the program's objects at a check).  A bound
        method of the program's function is its function: the builder runs it when
        library code calls it and guards what it reads of its object, whose dict is not
        the library's configuration (a counter the loop increments there must not make
        the graph stale)."""
        where = where or f"a {type(value).__name__} handed to TF/Keras"
        if type(value) is list and id(value) not in self.seen:
            self.seen.add(id(value))
            self.handed_lists.append(value)
        if type(value) in (list, tuple):
            for index, item in enumerate(value):
                self.consider_argument(item, f"{where}[{index}]")
        elif type(value) is types.MethodType and type(value.__func__) is types.FunctionType:
            self.consider(value.__func__, where, False)
        else:
            self.consider(value, where, False)

    def _watch_dict(self, held, described, own=None, owner=None):
        # (No graph: the scan before library code runs, which only refuses.)
        if self.graph is not None:
            janus_ext.watch_dict(held, described, self.graph, own, owner=owner)

    def _refuse_unseen_getters(self, kind):
        for cls in kind.__mro__:
            if is_programs_class(cls) and ("class", id(cls)) not in self.seen:
                self.seen.add(("class", id(cls)))
                opaque_callables.refuse_unseen_getters(cls, janus_ext.class_dict(cls))

    def _visit(self, obj, described):
        attributes = obj.__dict__
        if isinstance(obj, tf.Variable):
            # Its dict holds TF's handle, shape and caches, which TF does not rewrite
            # but for its bookkeeping (no other write in eager steps, tf.function steps,
            # checkpoint and h5 saves and restores: measured 2026-11-30), and what the
            # program hangs on it: a write there is what matters, not what the values
            # hold.  The names the step's own code reads or writes are left to its
            # guards and its commit.
            self._watch_dict(attributes, described,
                             frozenset(self.program_names(obj)) | _VARIABLE_BOOKKEEPING,
                             owner=obj)
            return
        # The program's subclass: its own names are left to the guards, and the plain
        # dicts and lists it holds are the program's data (a history the loop appends
        # to), not configuration; the library objects it holds are followed.
        programs = is_program_subclass(obj) or is_program_object(obj)
        own = frozenset(self.program_names(obj)) if programs else None
        # Except at the names its TF/Keras classes' code mentions (a Rescaling's
        # `scale`): library code reads those natively, as on a library object.
        configuration = library_names.library_names(type(obj)) if programs else ()
        self._watch_dict(attributes, described, own, owner=obj)
        self._refuse_unseen_getters(type(obj))
        for key, value in list(attributes.items()):
            # (`_auto_config`: Keras' record of the constructor's arguments, which only
            # get_config reads; a list given there is copied into the layer's own.)
            if not (programs and key in own and key not in configuration) and \
                    key != "_auto_config":
                self.consider(value, f"{described}.{key}",
                              programs and key not in configuration)

    def follow(self, item, programs, where=None):
        if not programs:
            opaque_callables.refuse_unseen(item, where or "an item of a list TF/Keras holds")
        if type(item) is types.MethodType:
            # A bound method held as a callable (`activation=gate.__call__`): library
            # code calls it, and it reads its object.
            item = item.__self__
        # The program's other objects: those a library object holds, and the callable
        # ones (an activation object) that the program's subclass holds at names its
        # code does not touch; a helper object it keeps for the loop is the program's.
        if is_watched_kind(item) or is_program_subclass(item) or (
                is_program_object(item) and (not programs or callable(item))):
            self.watch_object(item, where or name_of(item))

    def consider(self, value, where, programs, through_program=False):
        # through_program: reached where library code does not read the value natively
        # (a default of the program's function, a partial of one: the function is
        # called back into the builder, which reads them as the call changed them).
        seen = self.seen
        if isinstance(value, dict) and not issubclass(type(value), dict):
            # TF's _DictWrapper (tf.Module's dicts): a proxy that answers isinstance for
            # the dict it wraps, which is what library code reads and the program edits.
            value = getattr(value, "__wrapped__", None)
            if not issubclass(type(value), dict):
                return
        if id(value) in self.changed and not through_program:
            # The step wrote it (`VALUES[1] *= 0.8`, on its copy until the commit), then
            # called library code that can read it (the schedule holding VALUES, through
            # the optimizer): that code read the caller's container as it was.
            raise Unsupported(
                f"the step changes the {type(value).__name__} at {where} and then calls "
                "TF/Keras code that reads it: a graph would give that code the "
                f"{type(value).__name__} as it was before the call")
        # isinstance: Keras keeps the dicts, lists and sets its objects hold in subclasses
        # of its own (TrackedDict, TrackedList, TrackedSet).
        if type(value) is functools.partial and id(value) not in seen:
            # An activation given as partial(fn, GATES, alpha=0.1): library code calls
            # it with the arguments and keywords it holds, which the program may change
            # in place: its keywords dict is watched (an empty one too, which
            # `p.keywords["hard"] = True` fills), and what it holds is guarded
            # (watch's docstring).
            seen.add(id(value))
            self.partials.append(value)
            to_program = through_program or (
                type(value.func) is types.FunctionType
                and not (value.func.__module__ or "").startswith(LIBRARY_MODULES))
            if id(value.keywords) not in seen:
                seen.add(id(value.keywords))
                self._watch_dict(value.keywords, f"{where}.keywords")
                for key, item in list(value.keywords.items()):
                    self.consider(item, f"{where}.keywords[{key!r}]", programs, to_program)
            for index, argument in enumerate(value.args):
                self.consider(argument, f"{where}.args[{index}]", programs, to_program)
            self.consider(value.func, f"{where}.func", programs)
        elif type(value) is types.FunctionType and id(value) not in seen:
            # The program's function a library object holds (a constraint, an
            # activation): library code calls it with its defaults, which the program
            # may replace or edit in place.
            seen.add(id(value))
            if self.graph is not None:
                watch_functions((value,), self.graph)
            for index, default in enumerate(value.__defaults__ or ()):
                self.consider(default, f"{where}.__defaults__[{index}]", programs, True)
            for key, default in (value.__kwdefaults__ or {}).items():
                self.consider(default, f"{where}.__kwdefaults__[{key!r}]", programs, True)
        elif isinstance(value, dict) and id(value) not in seen:
            seen.add(id(value))
            if not programs:
                self._watch_dict(value, where)
            for key, item in list(value.items()):
                # As any value held: a loss's fn kwargs holding class weights (an
                # array) or a list of gates, a partial's keywords holding a list, which
                # the program edits in place and the dict's watch does not see.
                label = repr(key) if type(key) in (str, int) else type(key).__qualname__
                self.consider(item, f"{where}[{label}]", programs, through_program)
        elif id(value) not in seen and (type(value) in (np.ndarray, array.array) or (
                isinstance(value, (list, set)) and value
                and all(type(item) in _PLAIN for item in value)) or (
                isinstance(value, list) and _nested_plain(value))):
            # Plain values no watcher sees written into: guarded or compared instead.
            seen.add(id(value))
            if not programs:
                self.lists.append((where, value))
        elif type(value) is tuple and id(value) not in seen:
            # A tuple cannot change, but what it holds can (a partial's arguments, a
            # configuration tuple holding a list of gates): each item as a value.
            seen.add(id(value))
            for index, item in enumerate(value):
                self.consider(item, f"{where}[{index}]", programs, through_program)
        elif isinstance(value, (list, tuple)):
            # A model's layers (Keras keeps them in a list subclass of its own), and a
            # nested model's layers in turn: library code reaches each of them.
            for item in list(value):
                self.follow(item, programs)
        else:
            self.follow(value, programs, where)


def watch_functions(functions, graph):
    """Mark `graph` stale when one of the program's `functions` it inlined gets
    another __code__, __defaults__ or __kwdefaults__, or its __kwdefaults__ dict
    changes in place (the object stays, so its identity guard holds)."""
    for fn in functions:
        if isinstance(fn, types.FunctionType):
            janus_ext.watch_function(fn, fn.__qualname__, graph)
            if fn.__kwdefaults__:
                # `f.__kwdefaults__["v"] = 3.0` changes the dict in place: no function
                # event, a dict one.
                janus_ext.watch_dict(fn.__kwdefaults__, f"{fn.__qualname__}.__kwdefaults__",
                                     graph)


def forget(graph):
    janus_ext.forget_dependent(graph)


def name_of(obj) -> str:
    name = obj.__dict__.get("name")
    kind = type(obj).__name__
    return f"{kind} {name!r}" if type(name) is str else kind
