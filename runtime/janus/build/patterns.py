"""`match` statements in the step → the pattern checks answered at build time from
guarded reads, as CPython's MATCH_* instructions answer them.

A class pattern (`case Warmup(lr=lr)`) asks isinstance and reads attributes; a mapping
pattern asks whether the subject's type is a mapping and gets its keys; a sequence
pattern asks whether it is a sequence and its length.  Each question goes through the
builder's own isinstance, type(), len() and attribute and item reads, so what they
depend on is guarded where it came from.  Whether a class is a mapping or a sequence is
a flag of the type that `collections.abc`'s register() can set mid-run: the build
notes the ABC registrations it answered from (abstract_classes.ABC_REGISTRATIONS).  Value
patterns are comparisons (COMPARE_OP) and need nothing here.
"""

from ..errors import Thrown, Unsupported
from ..state import abstract_classes, library_state, reads
from ..values import is_symbolic

_MAPPING, _SEQUENCE = 1 << 6, 1 << 5          # Py_TPFLAGS_MAPPING, Py_TPFLAGS_SEQUENCE
# Classes whose one positional sub-pattern matches the subject itself (`case int(n)`).
_MATCH_SELF = (bool, bytearray, bytes, dict, float, frozenset, int, list, set, str, tuple)
_MISSING = object()


class Patterns:
    """Opcode handlers of janus/build/frame.py's Frame for `match`."""

    def op_MATCH_MAPPING(self, ins):
        self.push(_has_flag(self, self.stack[-1], _MAPPING, ins))

    def op_MATCH_SEQUENCE(self, ins):
        self.push(_has_flag(self, self.stack[-1], _SEQUENCE, ins))

    def op_GET_LEN(self, ins):
        self.push(self.b.call(len, (self.stack[-1],), {}, self.code, ins.offset))

    def op_MATCH_KEYS(self, ins):
        keys, subject = self.stack[-1], self.stack[-2]
        get = self.b.load_attr(subject, "get", self.code, ins.offset)
        found = []
        for key in keys:
            value = self.b.call(get, (key, _MISSING), {}, self.code, ins.offset)
            if value is _MISSING:
                self.push(None)
                return
            found.append(value)
        self.push(tuple(found))

    def _items_to_unpack(self, ins):
        """The items UNPACK_SEQUENCE or UNPACK_EX takes from the value on the stack."""
        value = self.pop()
        reads.contents(self.b, value)
        if is_symbolic(value):
            self.fail("unpacking a tensor", ins)
        self._natively("unpacking", (value,), deep=False)
        return list(value)

    def op_UNPACK_EX(self, ins):
        # `a, *rest = seq` (and a star in a sequence pattern): as UNPACK_SEQUENCE, the
        # starred part a new list of the call's own.
        items, before, after = self._items_to_unpack(ins), ins.arg & 0xFF, ins.arg >> 8
        if len(items) < before + after:
            self.fail("unpacking a sequence too short for its targets", ins)
        middle = self.b.note_created(items[before:len(items) - after])
        self.stack.extend(reversed([*items[:before], middle, *items[len(items) - after:]]))

    def op_MATCH_CLASS(self, ins):
        names, cls, subject = self.pop(), self.pop(), self.pop()
        self.push(_match_class(self, subject, cls, ins.arg, names, ins))


def _has_flag(frame, subject, flag, ins):
    if is_symbolic(subject):
        frame.fail("a `match` on a tensor", ins)
    kind = frame.b.call(type, (subject,), {}, frame.code, ins.offset)
    library_state.note_setting(frame.b.record.settings, abstract_classes.ABC_REGISTRATIONS)
    return bool(kind.__flags__ & flag)


def _match_class(frame, subject, cls, count, names, ins):
    """The attributes a class pattern binds, or None when it does not match."""
    b, code, offset = frame.b, frame.code, ins.offset
    if not isinstance(cls, type):
        raise Thrown(TypeError("called match pattern must be a class"), code, offset)
    if is_symbolic(subject):
        frame.fail("a `match` on a tensor", ins)
    library_state.note_setting(b.record.settings, abstract_classes.ABC_REGISTRATIONS)
    if not b.call(isinstance, (subject, cls), {}, code, offset):
        return None
    wanted = []
    if count:
        if cls in _MATCH_SELF and count == 1:
            values = [_attribute(b, subject, name, code, offset) for name in names]
            return None if any(v is _MISSING for v in values) else (subject, *values)
        match_args = b.load_attr(cls, "__match_args__", code, offset)
        if type(match_args) is not tuple or count > len(match_args):
            raise Unsupported(f"a class pattern of {cls.__qualname__} with {count} "
                              "positional sub-patterns and its __match_args__", code, offset)
        wanted.extend(match_args[:count])
    wanted.extend(names)
    if len(set(wanted)) != len(wanted):
        raise Thrown(TypeError(f"{cls.__qualname__}() got multiple sub-patterns for "
                               "one attribute"), code, offset)
    values = [_attribute(b, subject, name, code, offset) for name in wanted]
    return None if any(v is _MISSING for v in values) else tuple(values)


def _attribute(b, subject, name, code, offset):
    try:
        return b.load_attr(subject, name, code, offset)
    except Thrown as exc:
        if isinstance(exc.exception, AttributeError):
            return _MISSING             # the pattern does not match, as eagerly
        raise
