"""The frame's container displays: `(a, b)`, `[a, *b]`, `{k: v, **d}`, `{a}`, slices,
and the appends and merges comprehensions and calls with `*`/`**` make.

A display that reads a container whole (`[*a]`, `f(*a)`'s LIST_EXTEND, `{**d}`,
`f(**d)`) reads it through janus/state/reads.py like any read of the heap: a list or
dict the loop changes in place is guarded, not frozen into the graph.  Containers made
here are noted as the call's own (the builder's provenance).
"""

from ..errors import Unsupported
from ..state import reads
from . import sets


class Displays:
    """Opcode handlers of janus/build/frame.py's Frame for container displays."""

    def _created(self, value):
        return self.b.note_created(value)

    def _in_place_on_theirs(self, symbol, left, right, ins):
        """`left += right` on a container from outside the call: list's `+=` is its
        extend(), deferred (built as `left.extend(right)` is), and hands back the list
        itself; the other in-place operators are refused."""
        if symbol != "+=" or type(left) is not list or type(right) not in (list, tuple):
            self.fail(f"in-place {symbol} on a {type(left).__name__} from outside", ins)
        try:
            self.b.call(left.extend, (right,), {}, self.code, ins.offset)
        except Unsupported as exc:
            if type(exc) is not Unsupported:      # (NotYet: try again later)
                raise
            self.fail(f"in-place += on a list from outside, as its extend(): {exc.reason}",
                      ins)
        return left

    def op_BUILD_TUPLE(self, ins):
        self.push(tuple(self.popn(ins.arg)))

    def op_BUILD_LIST(self, ins):
        # popn's slice is a new list with room for exactly its items, as CPython's
        # BUILD_LIST makes one (sys.getsizeof shows the room).
        self.push(self._created(self.popn(ins.arg)))

    def op_BUILD_SET(self, ins):
        items = self.popn(ins.arg)
        sets.check_items(self.b, items, "a set display", self.code, ins.offset)
        self.push(self._created(set(items)))

    def op_BUILD_MAP(self, ins):
        items = self.popn(2 * ins.arg)
        self.push(self._created(dict(zip(items[::2], items[1::2]))))

    def op_BUILD_CONST_KEY_MAP(self, ins):
        keys = self.pop()
        self.push(self._created(dict(zip(keys, self.popn(ins.arg)))))

    def op_BUILD_SLICE(self, ins):
        self.push(slice(*self.popn(ins.arg)))

    def _made_here(self, container, ins):
        """A comprehension's container, which the appends change in place: one made
        outside the branch or loop on a tensor being built (`[n for n, v in pairs if v <
        limit]` with `v` a tensor) would take the items of every path the build takes,
        where eager's takes those of the path a call takes."""
        if type(container) in (list, dict, set) and self.b.open_regions.depth and \
                not self.b.may_mutate(container):
            self.fail("a comprehension whose `if` tests a tensor (or a number the graph "
                      "computes): its items depend on values known only when the graph "
                      "runs", ins)
        return container

    def op_LIST_APPEND(self, ins):
        value = self.pop()
        self._made_here(self.stack[-ins.arg], ins).append(value)

    def op_LIST_EXTEND(self, ins):
        # [*a, x], f(*a, x): reads every item of a.
        value = self.pop()
        self.stack[-ins.arg].extend(reads.iterated(self.b, value, self.code, ins.offset))

    def op_SET_ADD(self, ins):
        value = self.pop()
        sets.check_items(self.b, (value,), "a set comprehension", self.code, ins.offset)
        self._made_here(self.stack[-ins.arg], ins).add(value)

    def op_SET_UPDATE(self, ins):
        # {*a, x}: reads every item of a.
        items = sets.items_of(self.b, self.pop(), self.code, ins.offset)
        sets.check_items(self.b, items, "a set display", self.code, ins.offset)
        self.stack[-ins.arg].update(items)

    def op_MAP_ADD(self, ins):
        value, key = self.pop(), self.pop()
        self._made_here(self.stack[-ins.arg], ins)[key] = value

    def op_DICT_UPDATE(self, ins):
        # {**base, ...}: reads every key and value of base.
        value = self.pop()
        self._read_mapping(value, "**", ins)
        self.stack[-ins.arg].update(value)

    def op_DICT_MERGE(self, ins):
        # f(**a, **b): as DICT_UPDATE, and a key given twice is the program's TypeError
        # (its text names the function: the interpreter raises it).
        value = self.pop()
        self._read_mapping(value, "**", ins)
        target = self.stack[-ins.arg]
        if any(type(key) is not str or key in target for key in value):
            self.fail("a keyword argument given twice, or one that is not a str", ins)
        target.update(value)

    def _read_mapping(self, value, what, ins):
        if type(value) is not dict:
            self.fail(f"{what} of a {type(value).__qualname__}", ins)
        reads.whole(self.b, value, self.code, ins.offset)
