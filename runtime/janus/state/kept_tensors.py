"""Graph tensors that library code leaves, while a graph is built, in lists that outlive
the call: Keras layers' `_losses` (replayed at commit with the call's values), or any
other list a library object holds (the build is refused).  Used around each build
(build/concrete.py)."""

import collections
import contextlib
import functools
import sys
import threading

import tensorflow as tf

from ..errors import Unsupported
from ..values import is_symbolic
from . import library_state
from .heap import Effect


class KeptTensors:
    """Graph tensors that library code left, while a graph was built, in lists that
    outlive the call (found by `kept_tensors`)."""

    def __init__(self):
        # Keras layers whose losses the call cleared: id -> (layer, what its _losses
        # and _loss_ids held before), put back when the build fails
        self.cleared = {}
        self.replays = []             # heap effects that put the call's values there


@contextlib.contextmanager
def kept_tensors(objects, graph):
    """While a graph is built: Keras layers record the losses of a call (`add_loss`:
    activity regularizers, the program's own add_loss) in `layer._losses`, a list the
    layer keeps, after clearing it at the entry layer's call (`_clear_losses`).  The
    build leaves the graph's tensors there; eager leaves the call's values.  After
    the build, each `_losses` list of a layer that the call cleared and that holds graph
    tensors is replayed at commit with the graph's values (`kept.replays`); a graph
    tensor that library code left in any other list the objects hold (`objects`: the
    library objects the build handed to library code, a dict filled while it builds)
    refuses the build.  Either way, and when the build fails, the lists lose the graph
    tensors again."""
    kept = KeptTensors()
    hooked = _hook_clear_losses()
    building = getattr(_clearing, "builds", None)
    if building is None:
        building = _clearing.builds = []
    if hooked:
        building.append(kept)
    failed = True
    try:
        yield kept
        failed = False
    finally:
        if hooked:
            building.remove(kept)
        held = _lists_holding(list(objects.values()), graph)
        inner = [where for where, _, _, items in held
                 if any(_of_graph(item, graph) and item.graph is not graph for item in items)]
        for where, owner, key, items in held:
            replayed = not failed and key == "_losses" and id(owner) in kept.cleared
            if replayed:
                _replay(kept, items)
            items[:] = [item for item in items if not _of_graph(item, graph)]
        replayed_lists = {id(items) for _, _, _, items in held}
        for layer, before, _ in ([] if failed else kept.cleared.values()):
            if before and id(layer._losses) not in replayed_lists:
                # Cleared, and left without graph values (a regularizer removed): the
                # commit leaves what eager's call leaves.  (A layer that held no losses
                # gets none: no effect at each call for each layer Keras clears.)
                _replay(kept, layer._losses)
        # The build changes nothing until its commit replays the lists (and a build
        # that fails later, or a refused one, must leave them as eager's last call did).
        for layer, losses, loss_ids in kept.cleared.values():
            layer._losses[:] = losses
            layer._loss_ids.clear()
            layer._loss_ids.update(loss_ids)
        if inner and not failed:
            raise Unsupported(f"a Keras layer recorded a loss in {inner[0]} (add_loss, an "
                              "activity regularizer) inside a branch or loop on a tensor: "
                              "eagerly only the arm taken records it, once per iteration")
        unexplained = [where for where, owner, key, _ in held
                       if key != "_losses" or id(owner) not in kept.cleared]
        if unexplained and not failed:
            raise Unsupported(f"library code kept a tensor of the graph being built in "
                              f"{unexplained[0]}: eager keeps the call's value there")


# The KeptTensors of the builds in progress on this thread (.builds, innermost last).
_clearing = threading.local()
_hooked = []        # [True] once Layer._clear_losses notes the layers it clears


def _hook_clear_losses() -> bool:
    """Once, at the first build: Keras' `Layer._clear_losses` notes each layer it clears
    for the builds in progress.  Set once, not per build: a graph watches the Keras
    classes it was built from, and any change to Layer would make it stale."""
    if _hooked:
        return True
    layer_class = _keras_layer_class()
    original = layer_class and layer_class.__dict__.get("_clear_losses")
    if original is None:
        return False

    @functools.wraps(original)
    def clear_losses(layer):
        for kept in getattr(_clearing, "builds", ()):
            if id(layer) not in kept.cleared:
                kept.cleared[id(layer)] = (layer, list(layer._losses), set(layer._loss_ids))
        return original(layer)

    layer_class._clear_losses = clear_losses
    _hooked.append(True)
    return True


def _set_items(items, values):
    items[:] = values


def _replay(kept, items):
    """At commit, `items` holds again what it holds now (graph tensors: their values)."""
    kept.replays.append(Effect("call", functools.partial(_set_items, items), None,
                               ((tuple(items),), {})))


def _keras_layer_class():
    layer = sys.modules.get("keras.src.layers.layer")
    return None if layer is None else layer.Layer


def _of_graph(item, graph) -> bool:
    """A tensor of `graph` or of a graph inside it (a cond arm, a loop body)."""
    if not isinstance(item, tf.Tensor) or not is_symbolic(item):
        return False
    inner = item.graph
    while inner is not None:
        if inner is graph:
            return True
        inner = getattr(inner, "outer_graph", None)
    return False


def _lists_holding(objects, graph):
    """(where, owner, attribute, list) of each list that `objects` (and the library
    objects they hold, as far as watch() follows them: to the end) hold and that holds
    a tensor of `graph`."""
    found, seen = [], set()
    todo = collections.deque((obj, library_state.name_of(obj)) for obj in objects)
    while todo:
        obj, described = todo.popleft()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if len(seen) > library_state.MAX_OBJECTS:
            raise Unsupported(f"the step reaches more than {library_state.MAX_OBJECTS} TF/Keras objects "
                              "(layers, variables, their settings), more than janus looks "
                              "through for the tensors library code keeps")
        for key, value in list(obj.__dict__.items()):
            if isinstance(value, list):
                if any(_of_graph(item, graph) for item in value):
                    found.append((f"{described}.{key}", obj, key, value))
                items = value
            elif isinstance(value, (dict, tuple)):
                items = list(value.values() if isinstance(value, dict) else value)
            else:
                items = [value]
            todo.extend((item, library_state.name_of(item)) for item in items
                        if library_state.is_watched_kind(item) or library_state.is_program_subclass(item))
    return found


# The classes whose methods a build runs for the program's tensor and variable
# operations (`x * w`, `v.assign_sub(d)`): "module:class" of TF's and Keras'.
