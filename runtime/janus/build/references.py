"""`x.ref()` of a tensor in a step → a Reference to the caller's own tensor.

A Reference compares and hashes by its tensor's identity (`x.ref() in seen`, a dict
keyed by batches).  The graph's tensor that stands for the caller's is another object,
so the build answers with the caller's tensor, guarded by identity (as `id(x)` is), and
the commit stores a new Reference to it at each call, as eager makes one
(`Origin.made == REFERENCE`, build/outputs.py).  A tensor the call computes is a new
object at each call eagerly: nothing the build holds can stand for its identity.
"""

from ..errors import Unsupported
from ..state import identity_reads


def reference_of(b, tensor, method, code, offset):
    record = b.provenance.caller_of(tensor)
    if record is None:
        raise Unsupported(f"{method}() of a tensor the step computes: eager's is a "
                          "reference to a new tensor at every call", code, offset)
    caller_tensor = identity_reads.identified(b, tensor, f"{method}()", code, offset)
    # Where the program gets it back (`ref.deref() is x`): known at the argument's
    # accessor, like the graph input, so `is` and the commit know it.
    b.remember(caller_tensor, record[0])
    reference = caller_tensor.ref()
    b.provenance.note_reference(reference, record[0])
    return reference
