"""One function activation executed symbolically: the bytecode → the graph builder.

Each opcode handler takes the instruction, pops and pushes Python values or symbolic
tensors on the frame's stack, and asks the Builder (janus/build/builder.py) for everything
that touches the world outside the frame: reads and writes of the heap, calls,
guards, and the decisions on tensors (janus/build/control.py).
"""

import operator
import types

import numpy as np
import tensorflow as tf

import janus_ext

from .. import containers
from ..errors import Raises, Thrown, Unsupported
from ..frontend import bytecode
from ..semantics import arrays, natives, numbers
from ..state import collection_reads, identity_reads, library_state, objects, reads
from ..values import (CONTAINER_TYPES, NULL, GraphText, has_symbolic, is_library_object,
                      is_stand_in, is_symbolic)
from . import (branches, closures, cond_calls, contexts, control, displays, dunders,
               graph_builtins, imports, indexing, iteration, loops, output, patterns,
               percent_format, raising)

BINARY_OPS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "@": operator.matmul,
    "&": operator.and_, "|": operator.or_, "^": operator.xor, "<<": operator.lshift,
    ">>": operator.rshift,
}
INPLACE_OPS = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow,
    "@=": operator.imatmul, "&=": operator.iand, "|=": operator.ior, "^=": operator.ixor,
    "<<=": operator.ilshift, ">>=": operator.irshift,
}
COMPARE_OPS = {"<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
               ">": operator.gt, ">=": operator.ge}
MAX_INSTRUCTIONS = 200_000   # per build: unrolled Python loops stop here


class Frame(closures.Closures, displays.Displays, imports.Imports, patterns.Patterns,
            raising.Handlers):
    """One function activation being executed symbolically."""

    def __init__(self, builder, code, globals_dict, local_values, cells):
        self.b = builder
        self.code = code
        self.globals = globals_dict
        self.locals = local_values
        self.cells = cells          # free variable -> (cell, accessor)
        self.stack: list = []
        self.instructions = {i.offset: i for i in bytecode.decode(code)}
        self.kwnames = None
        self.forked = False         # a cond arm or loop body: exceptions are not routed

    def fork(self):
        """A copy of this activation for one arm of a cond or one loop body."""
        other = Frame.__new__(Frame)
        other.b, other.code, other.globals = self.b, self.code, self.globals
        other.instructions, other.kwnames = self.instructions, None
        other.forked = True
        other.cells = self.cells
        other.locals = dict(self.locals)
        other.stack = [value.fork() if type(value) in iteration.FORKED else value
                       for value in self.stack]
        return other

    def run_until(self, offset, stop):
        """Execute from `offset` until a return, or until reaching an offset in `stop`."""
        while True:
            if offset in stop:
                return End(False, None, self.locals, self.stack, offset)
            self.b.inlining.steps += 1
            if self.b.inlining.steps > MAX_INSTRUCTIONS:
                raise Unsupported("too many instructions to unroll", self.code, offset)
            ins = self.instructions.get(offset)
            if ins is None:
                raise Unsupported(f"no instruction at offset {offset}", self.code, offset)
            handler = getattr(self, "op_" + ins.opname, None)
            if handler is None:
                raise Unsupported(f"instruction {ins.opname} is not converted yet",
                                  self.code, ins.offset)
            self.b.where = (self.code, ins.offset)
            try:
                outcome = handler(ins)
            except Thrown as thrown:
                outcome = self._unwind(thrown, ins)
            if outcome is None:
                offset = ins.next_offset
            elif type(outcome) is int:
                offset = outcome
            elif type(outcome) is _Yield:
                # A generator's frame (generators.py) stops; it resumes after the
                # yield with the value sent, None for next().
                self.push(None)
                return End(False, outcome.value, self.locals, self.stack, ins.next_offset)
            else:
                return self.resume(outcome, stop)

    def resume(self, outcome, stop):
        """Go on from what a handler or an arm decided: an offset, the frame's return,
        or an exit of the loop on a tensor around it (branches.Exit)."""
        if type(outcome) is _Return:
            return End(True, outcome.value, self.locals, self.stack, None)
        if type(outcome) is branches.Exit:
            return End(False, None, self.locals, self.stack, outcome)
        return self.run_until(outcome, stop)

    def _unwind(self, thrown, ins):
        """Where CPython goes when `ins` raises: the handler the exception table names,
        with the stack cut to its depth, then lasti and the exception pushed."""
        if self.forked:
            # Raised on the runs that take this arm or iterate: not a routing the
            # build can make once for all runs (raising.py).
            raise Raises(f"{thrown.reason} inside a branch on a tensor or a loop "
                                 "body", self.code, ins.offset) from thrown
        entry = raising.handler_at(self.code, ins.offset)
        if entry is None:
            raise thrown            # to the caller's frame, or out of the call
        target, depth, lasti = entry
        exception = thrown.exception
        self.b.provenance.note_thrown(exception, thrown.how)
        del self.stack[depth:]
        if lasti:
            self.push(ins.offset)
        self.push(exception)
        return target

    def returning(self, value):
        return _Return(value)

    # stack helpers
    def push(self, value):
        # A heap container this call already changed is its shadow copy from here on,
        # also when a local still names the caller's object (`h = log; h[k] = v; h[k]`).
        self.stack.append(self.b.provenance.copy_of(value, value))

    def pop(self):
        return self.stack.pop()

    def popn(self, n):
        if n == 0:
            return []
        values = self.stack[-n:]
        del self.stack[-n:]
        return values

    def fail(self, reason, ins):
        raise Unsupported(reason, self.code, ins.offset)

    # -- no-ops and constants --------------------------------------------------------
    def op_RESUME(self, ins): pass
    def op_NOP(self, ins): pass
    def op_CACHE(self, ins): pass

    def op_LOAD_CONST(self, ins):
        self.push(ins.argval)

    def op_RETURN_GENERATOR(self, ins):
        self.push(None)         # what the first next() sends; POP_TOP drops it

    def op_YIELD_VALUE(self, ins):
        if self.forked or ins.arg != 0:
            self.fail("`yield` inside a branch or loop on a tensor, or `yield from`", ins)
        return _Yield(self.pop())

    def op_RETURN_VALUE(self, ins):
        return _Return(self.pop())

    def op_RETURN_CONST(self, ins):
        return _Return(ins.argval)

    def op_PUSH_NULL(self, ins):
        self.push(NULL)

    def op_POP_TOP(self, ins):
        self.pop()

    def op_COPY(self, ins):
        self.push(self.stack[-ins.arg])

    def op_SWAP(self, ins):
        self.stack[-1], self.stack[-ins.arg] = self.stack[-ins.arg], self.stack[-1]

    # -- locals ----------------------------------------------------------------------
    def _load(self, name, ins):
        if name not in self.locals:
            cell = self.free_cell(name)
            if cell is not None:
                return cell
            self.fail(f"local {name!r} is unbound here", ins)
        value = self.locals[name]
        if type(value) in loops.GROWN:
            self.fail(f"list {name!r}, appended to in a loop on a tensor, used other "
                      "than by .append() in the loop, tf.stack(), tf.convert_to_tensor() "
                      "or len() after it", ins)
        return value

    def op_LOAD_FAST(self, ins):
        value = self.locals.get(ins.argval)
        if type(value) in loops.GROWN:
            return loops.use_of_list(self, ins, value)
        self.push(self._load(ins.argval, ins))

    op_LOAD_FAST_CHECK = op_LOAD_FAST

    def op_LOAD_FAST_LOAD_FAST(self, ins):
        first, second = ins.argval
        self.push(self._load(first, ins))
        self.push(self._load(second, ins))

    def op_LOAD_FAST_AND_CLEAR(self, ins):
        if ins.argval in self.locals:
            self._load(ins.argval, ins)
        self.push(self.locals.pop(ins.argval, NULL))

    def op_STORE_FAST(self, ins):
        value = self.pop()
        if value is NULL:
            self.locals.pop(ins.argval, None)
        else:
            self.locals[ins.argval] = value

    def op_STORE_FAST_STORE_FAST(self, ins):
        first, second = ins.argval
        self.locals[first] = self.pop()
        self.locals[second] = self.pop()

    def op_STORE_FAST_LOAD_FAST(self, ins):
        store, load = ins.argval
        self.locals[store] = self.pop()
        self.push(self._load(load, ins))

    def op_DELETE_FAST(self, ins):
        self.locals.pop(ins.argval, None)

    # -- globals and attributes ------------------------------------------------------
    def op_LOAD_GLOBAL(self, ins):
        self.push(reads.global_(self.b, self.globals, ins.argval, self.code, ins.offset))
        if ins.arg & 1:
            self.push(NULL)

    def op_LOAD_ATTR(self, ins):
        owner = self.pop()
        value = self.b.load_attr(owner, ins.argval, self.code, ins.offset)
        self.push(value)
        if ins.arg & 1:            # method form: (callable, self-or-NULL)
            self.push(NULL)

    def op_LOAD_SUPER_ATTR(self, ins):
        owner, cls, global_super = self.pop(), self.pop(), self.pop()
        self.push(self.b.super_attr(global_super, cls, owner, ins.argval, self.code, ins.offset))
        if ins.arg & 1:            # method form: (callable, self-or-NULL)
            self.push(NULL)

    def op_STORE_ATTR(self, ins):
        owner, value = self.pop(), self.pop()
        self.b.write_attribute(owner, ins.argval, value, self.code, ins.offset)

    def op_DELETE_ATTR(self, ins):
        self.b.delete_attribute(self.pop(), ins.argval, self.code, ins.offset)

    def op_STORE_GLOBAL(self, ins):
        self.b.check_binding_write(f"global write {ins.argval}", self.code, ins.offset)
        self.b.heap.write_global(self.globals, ins.argval, self.pop())

    def op_STORE_SUBSCR(self, ins):
        key, container, value = self.pop(), self.pop(), self.pop()
        if type(key) is slice:
            value = self._slice_items(key, value, ins)
        self._item_write(container, "__setitem__", (key, value), ins)

    def op_STORE_SLICE(self, ins):
        stop, start, container, value = self.pop(), self.pop(), self.pop(), self.pop()
        key = slice(start, stop)
        self._item_write(container, "__setitem__", (key, self._slice_items(key, value, ins)),
                         ins)

    def _slice_items(self, key, value, ins):
        """What `items[a:b] = value` stores: value's items as the call has changed them
        (a new list, as the native assignment copies them)."""
        if has_symbolic((key.start, key.stop, key.step)) or type(value) not in (list, tuple):
            self.fail("a slice assignment with bounds the graph computes, or from other "
                      "than a list or tuple", ins)
        reads.contents(self.b, value)
        return self.b.note_created(list(self.b.heap.local_view(value)))

    def op_DELETE_SUBSCR(self, ins):
        key, container = self.pop(), self.pop()
        self._item_write(container, "__delitem__", (key,), ins)

    def _item_write(self, container, method, args, ins):
        reads.adopt(self.b, container)
        if self.b.may_mutate(container) and self.b.provenance.real_of(container) is None:
            getattr(container, method)(*args)
        elif (type(container) in (list, dict) or containers.is_tracked(container)) and (
                self.b.provenance.real_of(container) is not None
                or self.b.provenance.source_of(container) is not None):
            self.b.heap_method(container, method, args, {}, self.code, ins.offset)
        else:
            self.b.mutating_argument(container, self.code, ins.offset)
            self.fail("item write to a container janus cannot track", ins)

    # -- calls -----------------------------------------------------------------------
    def _call(self, ins, nargs, kwnames):
        args = self.popn(nargs)
        self_or_null = self.pop()
        fn = self.pop()
        if self_or_null is not NULL:
            args = [self_or_null, *args]
        split = len(args) - len(kwnames or ())
        args, kwargs = tuple(args[:split]), dict(zip(kwnames or (), args[split:]))
        conditional = cond_calls.conditional(self.b, fn, args, kwargs)
        if conditional is not None:     # tf.cond / tf.switch_case of the program's functions
            return conditional(self, ins)
        self.push(self.b.call(fn, args, kwargs, self.code, ins.offset))

    def op_CALL(self, ins):
        return self._call(ins, ins.arg, None)

    def op_CALL_KW(self, ins):
        kwnames = self.pop()
        return self._call(ins, ins.arg, kwnames)

    def op_CALL_FUNCTION_EX(self, ins):
        kwargs = self.pop() if ins.arg & 1 else {}     # made by BUILD_MAP/DICT_MERGE
        args = self.pop()           # f(*a): a itself, maybe a heap list: its items read
        self.pop()                  # NULL
        fn = self.pop()
        args = tuple(reads.iterated(self.b, args, self.code, ins.offset))
        self.push(self.b.call(fn, args, dict(kwargs), self.code, ins.offset))

    def op_CALL_INTRINSIC_1(self, ins):
        value = self.pop()
        if ins.argval == "INTRINSIC_LIST_TO_TUPLE":
            self.push(tuple(value))
        elif ins.argval == "INTRINSIC_UNARY_POSITIVE":
            self.push(self._unary(value, operator.pos, numbers.positive))
        else:
            self.fail(f"CALL_INTRINSIC_1 {ins.argval}", ins)

    # -- context managers ------------------------------------------------------------
    def op_BEFORE_WITH(self, ins):
        manager = self.pop()
        entered = contexts.enter_library(self.b, manager, (self.code, ins.offset))
        if entered is None:
            return self._enter_user_context(manager, ins)
        self.push(entered[0])
        self.push(entered[1])

    def _enter_user_context(self, manager, ins):
        """A context manager written in Python: __enter__ and __exit__ are inlined, so
        their effects are converted (or refused) like any other code."""
        kind = type(manager)
        enter = janus_ext.type_lookup(kind, "__enter__")
        exit_ = janus_ext.type_lookup(kind, "__exit__")
        if not (isinstance(enter, types.FunctionType) and isinstance(exit_, types.FunctionType)):
            self.fail(f"`with` on {kind.__qualname__}, whose __enter__/__exit__ are not "
                      "Python functions", ins)
        for name, fn in (("__enter__", enter), ("__exit__", exit_)):
            reads.implicit_method(self.b, manager, name, fn)
        result = self.b.inline(enter, (manager,), {}, self.code, ins.offset)

        def exit_fn(*exc_info):
            return self.b.inline(exit_, (manager, *exc_info), {}, self.code, ins.offset)

        # Not in builder.inlining.entered: the inlined __enter__ changed nothing real, so a
        # failed build has nothing to undo.
        self.push(contexts.WithExit(self.b, exit_fn, inlined=True, user_exit=exit_))
        self.push(result)

    # -- operators -------------------------------------------------------------------
    def op_BINARY_OP(self, ins):
        right, left = self.pop(), self.pop()
        symbol = ins.argval
        if symbol in ("+", "+=") and GraphText in (type(left), type(right)) and \
                {type(left), type(right)} <= {str, GraphText}:
            self.push(GraphText.concat(left, right))
            return
        if symbol == "%" and type(left) is str and has_symbolic(right):
            return self.push(percent_format.graph_text(
                left, right, self.b.provenance.number_of, *self.b.where))
        if symbol in INPLACE_OPS:
            # (This call's copy of the caller's container is not the call's own: an
            # in-place operator on it would change it with no write to replay.)
            mine = self.b.provenance.real_of(left) is None and self.b.may_mutate(left)
            if isinstance(left, CONTAINER_TYPES) and not mine or containers.is_tracked(left):
                return self.push(self._in_place_on_theirs(symbol, left, right, ins))
            self.push(self._numeric(INPLACE_OPS[symbol], left, right, symbol))
        else:
            self.push(self._numeric(BINARY_OPS[symbol], left, right, symbol))

    def op_COMPARE_OP(self, ins):
        right, left = self.pop(), self.pop()
        comparison, to_bool = ins.argval
        result = self._numeric(COMPARE_OPS[comparison], left, right, comparison)
        if to_bool:
            result = self._truth(result, ins)
        self.push(result)

    def _numeric(self, operation, left, right, symbol):
        """An operator with Python's rules for numbers the graph carries (numbers.py).
        A promoted number meeting a real tensor converts as eager converts a Python
        number: to the tensor's dtype."""
        number_of = self.b.provenance.number_of
        if type(left) is arrays.ArrayArg or type(right) is arrays.ArrayArg:
            return arrays.binary(symbol, operation, left, right, number_of, self.b.check,
                                 *self.b.where)
        kinds = [numbers.python_type_of(v, number_of) for v in (left, right)]
        if control.MIXED in kinds:       # and so is what it makes (refused as output)
            return self.b.promoted(operation(left, right), control.MIXED)
        if not any(is_symbolic(v) and kinds[i] in numbers.NUMBERS
                   for i, v in enumerate((left, right))):
            if symbol in ("==", "!=") and (dunders.is_user_object(left)
                                           or dunders.is_user_object(right)):
                return dunders.compare(self.b, symbol, left, right, *self.b.where)
            if dunders.is_arithmetic(symbol) and (dunders.is_user_object(left)
                                                  or dunders.is_user_object(right)):
                return dunders.arithmetic(self.b, symbol, left, right, *self.b.where)
            self._natively(f"{symbol}", (left, right))
            result = raising.arithmetic(operation, *numbers.eager_zeros(left, right),
                                        *self.b.where)
            return self.b.operator_result(result, (left, right))
        if kinds[0] is None or kinds[1] is None:      # one side is not a Python number
            real = right if kinds[0] is not None else left
            if not is_symbolic(real) and not isinstance(real, tf.Variable):
                raise Unsupported(f"{symbol} between a Python number the graph computes "
                                  f"and a {type(real).__name__}", *self.b.where)
            number = left if real is right else right
            python_type = kinds[0] if real is right else kinds[1]
            try:
                converted = tf.convert_to_tensor(numbers.EagerNumber(
                    number, python_type, self.b.check), dtype=real.dtype.base_dtype)
            except TypeError as exc:
                raise Unsupported(str(exc), *self.b.where) from exc
            return operation(converted, real) if real is right else operation(real, converted)
        try:
            result, python_type = numbers.binary(symbol, left, right, kinds, self.b.check)
        except numbers.NotRepresentable as exc:
            raise Unsupported(exc.args[0], *self.b.where) from exc
        self.b.promote(result, python_type)
        graph_builtins.left_handed_back(self.b, symbol.rstrip("="), result, left, right, kinds)
        return result

    def _natively(self, what, values, deep=True, whole=True):
        """Refuse to evaluate `what` natively on a value no guard pins (natives.py);
        guard all that a deep evaluation reads of the heap containers it meets."""
        opaque = natives.first_opaque(values, deep, is_library_object, what == "formatting")
        library_state.note_native_evaluation(self.b.record.settings, values)
        if opaque is None and deep and whole:
            for value in values:
                reads.whole(self.b, value, *self.b.where)
        if opaque is not None:
            raise Unsupported(f"{what} on {natives.describe(opaque)} would run its "
                              "code at build time" if not is_stand_in(opaque) else
                              f"{what} on {natives.describe(opaque)}: only the graph "
                              "knows its value", *self.b.where)

    def _unary(self, value, python_op, number_op):
        kind = numbers.python_type_of(value, self.b.provenance.number_of)
        if not is_symbolic(value) or kind not in numbers.NUMBERS:
            self._natively("a unary operator", (value,))
            return self.b.provenance.note_computed(python_op(value), (value,))
        result, python_type = number_op(value, kind)
        self.b.promote(result, python_type)
        return result

    def op_IS_OP(self, ins):
        right, left = self.pop(), self.pop()
        if type(left) is objects.ObjectRef or type(right) is objects.ObjectRef:
            same = self._same_object(left, right, ins)
            self.push(tf.logical_not(same) if ins.arg else same)
            return
        try:
            same = numbers.identity(left, right, self.b.provenance.number_of, self.b.check)
        except numbers.NotRepresentable as exc:
            self.fail(str(exc), ins)
        if same is not None:
            # `improved is True` of a bool the graph computes: by value, as the singletons answer.
            if is_symbolic(same):
                same = tf.logical_not(same) if ins.arg else same
                self.b.promote(same, bool)
            self.push(same is not bool(ins.arg) if type(same) is bool else same)
            return
        self.push(identity_reads.same_object(self.b, left, right, negate=bool(ins.arg)))

    def _same_object(self, left, right, ins):
        pointers = [v.pointer if type(v) is objects.ObjectRef else
                    tf.constant(0, tf.int64) if v is None else NULL for v in (left, right)]
        if any(p is NULL for p in pointers):
            self.fail("`is` between an object pointer and a build-time object", ins)
        return tf.equal(*pointers)

    def op_CONTAINS_OP(self, ins):
        right, left = self.pop(), self.pop()
        if is_symbolic(right) or is_symbolic(left):
            self.fail("`in` on a tensor", ins)
        if containers.is_tracked(right):
            found = collection_reads.membership(self.b, left, right, self.code, ins.offset)
            self.push((not found) if ins.arg else found)
            return
        reads.contents(self.b, right)
        # `HEAD in GROUPS` of lists compares the inner lists as they are now: guarded
        # whole (the loop edits `GROUPS[1]` in place).
        self._natively("`in`", (left, right), whole=type(right) in (list, tuple) and
                       natives.compares_contents(left, self.b.heap.local_view(right)))
        self.push((left not in right) if ins.arg else (left in right))

    def op_UNARY_NEGATIVE(self, ins):
        self.push(self._unary(self.pop(), operator.neg,
                              lambda v, k: numbers.negative(v, k, self.b.check)))

    def op_UNARY_INVERT(self, ins):
        value = self.pop()
        if is_symbolic(value) and self.b.provenance.number_of(value) is bool:
            # (One the guards pin warns while building, which drops the build.)
            self.fail("~ of a bool: Python warns (DeprecationWarning) at each use", ins)
        self.push(self._unary(value, operator.invert, numbers.invert))

    def op_UNARY_NOT(self, ins):
        truth = self._truth(self.pop(), ins)
        self.push(tf.logical_not(truth) if is_symbolic(truth) else not truth)

    def _truth(self, value, ins):
        """A Python bool, or a scalar bool tensor for a decision the graph makes."""
        if is_symbolic(value) or isinstance(value, tf.Variable):
            return control.scalar_condition(self, value, ins)
        if isinstance(value, np.ndarray):
            self.fail("truth value of an ndarray", ins)
        if type(value) is objects.ObjectRef:
            if not objects.truth_is_identity(value.cls):
                self.fail(f"truth value of a {value.cls.__qualname__} pointer", ins)
            return tf.not_equal(value.pointer, 0)
        if containers.is_tracked(value) or type(value) is list:
            length = reads.length(self.b, value, self.code, ins.offset)
            return tf.not_equal(length, 0) if is_symbolic(length) else length != 0
        if type(value) in (dict, set):
            reads.contents(self.b, value)        # `if d:` of a heap dict: its keys
            return bool(value)
        if natives.first_opaque((value,), False, is_library_object) is not None:
            return dunders.call(self.b, bool, (value,), {}, value, self.code, ins.offset)
        return bool(value)

    def _jump(self, ins, jump_if):
        condition = self._truth(self.pop(), ins)
        if is_symbolic(condition):
            return control.decide(self, ins, condition, jump_if)
        return ins.jump_target if condition == jump_if else None

    def op_TO_BOOL(self, ins):
        self.push(self._truth(self.pop(), ins))

    def op_BINARY_SUBSCR(self, ins):
        key, container = self.pop(), self.pop()
        if is_symbolic(key) and type(container) in (list, tuple):
            self.push(indexing.number_at(self.b, container, key, self.code, ins.offset))
            return
        if is_symbolic(key) and type(container) is dict:
            self.push(indexing.value_at_key(self.b, container, key, self.code, ins.offset))
            return
        if containers.is_tracked(container):
            self.push(collection_reads.collection_item(self.b, container, key, self.code, ins.offset))
            return
        real = self.b.provenance.real_of(container)
        if real is not None and self.b.provenance.source_of(real) is not None and \
                reads.same_item(self.b, container, real, key):
            container = real     # the copy holds the caller's item: read (and guard) there
        if isinstance(container, (dict, list)) and not self.b.holds_read_items(container):
            if type(key) is slice and isinstance(container, list) and \
                    self.b.provenance.source_of(container) is not None:
                reads.contents(self.b, container)       # a new list: the contents matter
                self.push(self.b.note_created(container[key]))
                return
            self.push(reads.item(self.b, container, key, self.code, ins.offset))
        elif type(container) in (dict, list, tuple) and \
                self.b.provenance.real_of(container) is None:
            # Made here from guarded values, a carried list's stand-in, or a tuple
            # guarded by value: a missing key is the program's KeyError/IndexError.
            try:
                self.push(container[key])
            except LookupError as exc:
                raise Thrown(exc, *self.b.where) from None
        elif type(container) in reads.C_SEQUENCES and \
                self.b.provenance.source_of(container) is not None:
            self.push(reads.c_sequence_item(self.b, container, key, self.code, ins.offset))
        elif dunders.program_getitem(container):     # its class's __getitem__, inlined
            self.push(dunders.subscript(self.b, container, key, self.code, ins.offset))
        else:
            self.push(reads.from_copy(self.b, container, key, self.code, ins.offset))

    def op_BINARY_SLICE(self, ins):
        stop, start, container = self.pop(), self.pop(), self.pop()
        self.push(reads.tail_slice(self.b, container, start, stop, self.code, ins.offset))

    def op_UNPACK_SEQUENCE(self, ins):
        items = self._items_to_unpack(ins)
        if len(items) != ins.arg:
            self.fail("unpacking a sequence of the wrong length", ins)
        self.stack.extend(reversed(items))

    def op_CONVERT_VALUE(self, ins):
        value = self.pop()
        conversion = {1: "s", 2: "r", 3: "a"}[ins.arg]
        if self._formats_later(value):
            self.push(GraphText(((value, conversion, ""),)))
            return
        self._natively("formatting", (value,))
        text = {"s": str, "r": repr, "a": ascii}[conversion](value)
        self.push(self.b.provenance.note_computed(text, (value,)))

    def op_FORMAT_SIMPLE(self, ins):
        self._format(self.pop(), "", ins)

    def op_FORMAT_WITH_SPEC(self, ins):
        spec, value = self.pop(), self.pop()
        self._format(value, spec, ins)

    def _format(self, value, spec, ins):
        if type(spec) is not str:
            self.fail("a format spec computed from graph values", ins)
        if type(value) is GraphText:
            if spec:
                self.fail("a format spec applied to a string the graph computes", ins)
            self.push(value)
        elif self._formats_later(value):
            if spec:
                output.check_format_spec(self.b, value, spec)
            self.push(GraphText(((value, "", spec),)))
        else:
            self._natively("formatting", (value,))
            self.push(self.b.provenance.note_computed(format(value, spec), (value,)))

    def _formats_later(self, value):
        """A tensor or a Python number the graph computes: its text is made after the
        graph, from the output (an EagerTensor formats as eager's does)."""
        if isinstance(value, tf.Variable):
            raise Unsupported("formatting a tf.Variable: its value at this point of the "
                              "call is not kept", *self.b.where)
        if arrays.is_computed(value):
            return True               # `.numpy()` of a tensor: numpy formats the output
        if not is_symbolic(value):
            return False
        if numbers.python_type_of(value, self.b.provenance.number_of) == control.MIXED:
            raise Unsupported(f"formatting {control.MIXED}", *self.b.where)
        return True

    def op_BUILD_STRING(self, ins):
        pieces = self.popn(ins.arg)
        if any(type(p) is GraphText for p in pieces):
            self.push(GraphText.join(pieces))
        else:
            self.push(self.b.provenance.note_computed("".join(pieces), pieces))

    # -- iteration (over build-time Python values: unrolled) --------------------------
    def op_GET_ITER(self, ins):
        value = self.pop()
        reads.contents(self.b, value)
        if containers.is_tracked(value):
            # Guarded now: a deque's items, a mapping's keys in their order.
            reads.stdlib_slot(self.b, value, "__iter__", self.code, ins.offset)
        acc = self.b.provenance.source_of(value)
        if acc is not None and type(value) in (list, tuple):
            reads.reachable_items(self.b, value, acc)     # its contents are guarded now
        if isinstance(value, tf.Variable):
            self.fail("iterating over a tf.Variable", ins)
        if is_symbolic(value):
            value = control.iterate_tensor(self, ins, value)
            if type(value) is control.TensorIteration:
                return self.push(value)
        if (pulls := iteration.pulled(self.b, value)) is not None:
            return self.push(pulls)     # a tf.data iterator: its elements are pulled first
        if self.b.provenance.source_of(value) is not None:
            # From outside (a global count, a generator, a user __iter__): iterating consumes it.
            self._natively("iteration", (value,), deep=False)
        if type(value) in (control.SymbolicRange, iteration.Live):
            self.push(value)
        elif type(value) is list:
            self.push(iteration.Items(value, current=iteration.as_changed(self.b, value)))
        elif type(value) in (tuple, range, str):
            self.push(iteration.Items(value))
        else:
            items = iteration.container_items(self.b, value)
            self.push(items if items is not None else iteration.PythonIterator(iter(value)))

    def op_FOR_ITER(self, ins):
        iterator = self.stack[-1]
        if type(iterator) in (control.SymbolicRange, control.TensorIteration):
            return control.for_loop(self, ins, iterator)
        if type(iterator) in (iteration.PythonIterator, iteration.Pulled) and iterator.shared or \
                type(iterator) is iteration.Live and iterator.shared is not None:
            self.fail("a branch on a tensor whose arm goes on iterating a Python iterator "
                      "(only lists, tuples, ranges and strings are copied per arm)", ins)
        try:
            self.push(next(iterator))
        except StopIteration:
            self.pop()
            return bytecode.for_iter_exit(self.instructions, ins)
        except (Unsupported, RuntimeError, ValueError, KeyError) as exc:
            if type(iterator) not in iteration.RAISING or isinstance(exc, Raises):
                raise           # (a pull that met the end of the data: this call raises)
            if isinstance(exc, Unsupported):
                self.fail(exc.reason, ins)
            # The container changed under the loop (or zip(strict=True) found unequal
            # lengths): the guards fix that it does.
            raise Thrown(exc, self.code, ins.offset) from None
        return None

    def op_END_FOR(self, ins):
        self.pop()

    # -- jumps -----------------------------------------------------------------------
    def op_JUMP_FORWARD(self, ins):
        return ins.jump_target

    op_JUMP_BACKWARD = op_JUMP_FORWARD
    op_JUMP_BACKWARD_NO_INTERRUPT = op_JUMP_FORWARD

    def op_POP_JUMP_IF_TRUE(self, ins):
        return self._jump(ins, True)

    def op_POP_JUMP_IF_FALSE(self, ins):
        return self._jump(ins, False)

    def op_POP_JUMP_IF_NONE(self, ins, when=True):
        value = self.pop()
        if type(value) is objects.ObjectRef:
            return control.decide(self, ins, objects.is_none(value), when)
        return ins.jump_target if (value is None) is when else None

    def op_POP_JUMP_IF_NOT_NONE(self, ins):
        return self.op_POP_JUMP_IF_NONE(ins, when=False)


class End:
    """How a frame stopped: returned a value, or reached a stop offset."""
    __slots__ = ("returned", "value", "locals", "stack", "offset", "writes", "prints",
                 "print_slots", "tapes")

    def __init__(self, returned, value, locals_, stack, offset):
        self.returned, self.value, self.offset = returned, value, offset
        self.locals, self.stack = locals_, stack
        self.writes = {}        # a cond arm's held-back heap writes (control.py)
        self.prints = []        # and its prints, with their cond outputs (arm_output.py)
        self.print_slots = {}
        self.tapes = {}         # the non-persistent tapes a cond arm used (arm_tapes.py)


class _Return:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class _Yield(_Return):      # told apart by exact type
    __slots__ = ()
