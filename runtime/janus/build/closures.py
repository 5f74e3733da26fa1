"""Free variables and the functions the step makes: LOAD/STORE/DELETE_DEREF, MAKE_CELL,
MAKE_FUNCTION with its closure.

A variable of the call that its closures share lives in a cell the call makes
(Builder.make_cell); reads and writes of it are the call's own.  A cell from outside
(the step is itself a closure) is read through its guarded place and written or
emptied through the heap, deferred to the commit like any Python write.
"""

from ..errors import Unsupported
from ..state import reads


class Closures:
    """Opcode handlers of janus/build/frame.py's Frame for cells and closures."""

    def op_COPY_FREE_VARS(self, ins): pass    # the closure's cells are the frame's `cells`

    def free_cell(self, name):
        """The cell a free variable's fast-local slot holds (CPython's COPY_FREE_VARS
        put it there), loaded to close a nested function over it; None if `name` is
        no free variable of this frame."""
        if name in self.code.co_freevars and self.cells and name in self.cells:
            return self.cells[name][0]
        return None

    def op_LOAD_DEREF(self, ins):
        self.push(reads.cell(self.b, self, ins.argval, ins))

    def op_STORE_DEREF(self, ins):
        self.b.write_cell(self, ins.argval, self.pop(), ins)

    def op_DELETE_DEREF(self, ins):
        """`del name` of a variable closures share: the cell is emptied (at commit, for
        one from outside); reading it afterwards is refused, where eager raises."""
        name = ins.argval
        self.b.no_writes_in_regions(f"del {name!r}", self.code, ins.offset)
        cell, _ = reads.cell_entry(self, name, ins)
        if id(cell) in self.b.inlining.made_cells:
            if self.b.in_library_body():
                raise Unsupported(f"del {name!r}, a variable the step's closures share, "
                                  "inside a function library code traces as a body of "
                                  "its own", self.code, ins.offset)
            self.b.read_made_cell(cell, name, self, ins)      # unbound: eager raises
            del cell.cell_contents
            return
        reads.cell(self.b, self, name, ins)    # guarded bound, so the commit cannot fail
        self.b.heap.delete_attribute(cell, "cell_contents")

    # -- functions made in the call (lambdas, nested defs, closures) ---------------------
    def op_MAKE_FUNCTION(self, ins):
        # New per call, as eagerly: the executor refuses one stored or returned (one object).
        self.push(self.b.note_made(self.b.function_of(self.pop(), self.globals)))

    def op_MAKE_CELL(self, ins):
        self.locals[ins.argval] = self.b.make_cell(ins.argval, self.locals)

    def op_SET_FUNCTION_ATTRIBUTE(self, ins):
        fn, value = self.pop(), self.pop()
        if ins.arg == 0x08:
            fn = self.b.note_made(self.b.closure_of(fn, value))
        if ins.arg == 0x01:
            fn.__defaults__ = value
        elif ins.arg == 0x02:
            fn.__kwdefaults__ = value
        self.push(fn)
