"""Prints and logging calls made in the arms of a tf.cond → cond outputs (the tensors
they show, and a flag: this arm ran) and effects replayed after the graph only when the
flag is set.

The straight-line path (builder.call, heap.call_with_effect) defers a print to the
commit with the values it shows as graph outputs.  Inside an arm those values exist only
in the arm's graph, and whether the print happens is known only at run time.  So each
print an arm makes becomes cond outputs: the tensors it shows (a zero of the same dtype
from the other arm, which never prints them) and its flag (True from its own arm, False
from the other; a print in a nested cond's arm carries that cond's flag).  After the
cond, its effect is recorded at the cond's place in program order with the merged
tensors and the flag, and the commit skips it when the flag is False (heap.commit): the
program prints only on the path it took, once, in order.

What a print in an arm shows must be data (str, numbers, None, tensors, strings
formatted from them, lists/tuples/dicts of these): text made at commit from any other
object would run its __str__ after every write of the call, not at the arm's place.
"""

import tensorflow as tf

from ..errors import Unsupported
from ..semantics import arrays
from ..state.heap import Effect
from ..values import GraphText, is_symbolic

PLAIN = (type(None), bool, int, float, complex, str, bytes)
PRINT = "print"         # the first item of a print's slot keys (control._slots)


def shown(args, kwargs, stream="file"):
    """What an output call formats: its stream argument (print's `file`, tf.print's
    `output_stream`) is only written to."""
    return args, {k: v for k, v in kwargs.items() if k != stream}


def check_plain(what, args, kwargs, code, offset):
    """Refuse, with the place, a print or logging call in an arm that shows anything but
    data."""
    if not is_data(shown(args, kwargs)):
        raise Unsupported(f"{what} inside a branch on a tensor of an object whose text "
                          "would be made after the call's writes (only data, tensors and "
                          "strings made from them are printed there)", code, offset)


class ArmPrints:
    """The prints of both arms of one cond, as found by the dry runs of its arms."""

    def __init__(self, builder, ends):
        self.b = builder
        self.prints = [list(end.prints) for end in ends]     # per arm: its print Effects
        self.specs = [[[(leaf.dtype, leaf.shape, builder.provenance.number_of(leaf))
                        for leaf in _leaves_of(effect)] for effect in prints]
                      for prints in self.prints]
        for arm, end in enumerate(ends):
            end.print_slots = self._slots(arm, end.prints, self._scratch_zero)

    def fill(self, end, arm):
        """The print slots of an arm's real run, inside its branch graph."""
        if [len(_leaves_of(e)) for e in end.prints] != [len(s) for s in self.specs[arm]]:
            raise Unsupported("the prints of a branch on a tensor differ between its two "
                              "builds", *self.b.where)
        end.print_slots = self._slots(arm, end.prints, self._zero)

    def apply(self, merged):
        """After the cond: each arm's prints, in order, with the merged tensors and flag
        (the true arm's first; at run time at most one arm's flags are set)."""
        for arm, prints in enumerate(self.prints):
            for j, effect in enumerate(prints):
                leaves = iter([merged[(PRINT, arm, j, k)]
                               for k in range(len(self.specs[arm][j]))])
                args, kwargs = _replace(effect.values[:2], leaves)
                self.b.heap.effects.append(Effect("call", effect.target, None,
                                                  (args, kwargs, merged[(PRINT, arm, j)])))

    def _slots(self, arm, prints, zero):
        slots = {}
        for j, effect in enumerate(prints):
            for k, leaf in enumerate(_leaves_of(effect)):
                slots[(PRINT, arm, j, k)] = leaf
            slots[(PRINT, arm, j)] = effect.values[2] if len(effect.values) > 2 else True
        other = 1 - arm
        for j, specs in enumerate(self.specs[other]):
            for k, spec in enumerate(specs):
                slots[(PRINT, other, j, k)] = zero(*spec)
            slots[(PRINT, other, j)] = False
        return slots

    def _zero(self, dtype, shape, python_type):
        """What the arm that does not print gives for a tensor the other shows: never
        printed; cond_v2 merges the shapes (a dimension it does not know is 0 here)."""
        dims = () if shape.rank is None else [0 if d is None else d for d in shape.as_list()]
        tensor = tf.zeros(dims, dtype)
        if python_type is not None:
            self.b.promote(tensor, python_type)
        return tensor

    def _scratch_zero(self, dtype, shape, python_type):
        """For the dry runs' plan: a distinct symbolic tensor of the dtype (control's
        merge plan takes dtypes from its slots' values)."""
        with tf.__internal__.FuncGraph("janus_print_slot").as_default():
            return self._zero(dtype, shape, python_type)


def _leaves_of(effect):
    leaves = []
    _leaves(effect.values[:2], leaves)
    return leaves


def _leaves(value, out):
    kind = type(value)
    if is_symbolic(value):
        out.append(value)
    elif kind is arrays.ArrayArg:
        out.append(value.tensor)
    elif kind in (tuple, list):
        for item in value:
            _leaves(item, out)
    elif kind is dict:
        for item in value.values():
            _leaves(item, out)
    elif kind is GraphText:
        for part in value.parts:
            if type(part) is not str:
                _leaves(part[0], out)


def _replace(value, leaves):
    kind = type(value)
    if is_symbolic(value):
        return next(leaves)
    if kind is arrays.ArrayArg:
        return arrays.ArrayArg(next(leaves), value.prototype.dtype, value.argument,
                               value.scalar)
    if kind in (tuple, list):
        return kind(_replace(item, leaves) for item in value)
    if kind is dict:
        return {key: _replace(item, leaves) for key, item in value.items()}
    if kind is GraphText:
        return GraphText(part if type(part) is str else
                         (_replace(part[0], leaves), *part[1:]) for part in value.parts)
    return value


def is_data(value, depth=0):
    kind = type(value)
    if kind in PLAIN or is_symbolic(value) or kind is arrays.ArrayArg:
        return True
    if depth > 8:
        return False
    if kind in (tuple, list):
        return all(is_data(item, depth + 1) for item in value)
    if kind is dict:
        return all(type(key) in PLAIN and is_data(item, depth + 1)
                   for key, item in value.items())
    if kind is GraphText:
        return all(type(part) is str or is_data(part[0], depth + 1) for part in value.parts)
    return False
