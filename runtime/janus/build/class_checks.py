"""isinstance()/issubclass() in the step: the answers the build takes natively, and
what they depend on guarded (the MRO of the class asked, the metaclass's hooks, abc's
registrations and caches), or a refusal."""

import abc
import types

from ..errors import Unsupported
from ..semantics import arrays
from ..state import abstract_classes, attribute_reads, library_state, objects
from ..values import GraphText, is_symbolic
from . import generators


# Values the build holds in place of the program's (their class is not the one eager's
# value has): their class checks are answered where they are handled.
_STANDS_IN = (generators.InlinedGenerator, arrays.ArrayArg, GraphText, objects.ObjectRef)


def check(b, fn, args, code, offset):
    """isinstance()/issubclass() against a class whose metaclass answers it: an abstract
    base class answers from registrations anywhere (`ABC.register`) and from its own
    caches of earlier answers (which `_abc_caches_clear()` empties, and a class's
    `__subclasshook__` fills again), so the graph is compared with abc's cache token and
    with what those caches hold for the class asked about, at each call; a
    runtime-checkable Protocol answers from the object's attributes now, which nothing
    guards: refused."""
    subject, classes = args
    asked = subject if fn is issubclass else type(subject)
    if isinstance(asked, type) and not is_symbolic(subject) and \
            type(subject) not in _STANDS_IN:
        # The answer walks asked's MRO (type's check), which `__bases__` changes.
        attribute_reads.mro_of(b, asked)
    for cls in _each_class(classes):
        if isinstance(cls, type):
            attribute_reads.class_check_hooks(b, cls)
        if getattr(cls, "_is_runtime_protocol", False):
            raise Unsupported(f"{fn.__name__}() against the runtime-checkable Protocol "
                              f"{cls.__qualname__}: it answers from the attributes the "
                              "object has at the call", code, offset)
        if isinstance(cls, abc.ABCMeta):
            library_state.note_setting(b.record.settings, abstract_classes.ABC_REGISTRATIONS)
            if isinstance(asked, type) and not is_symbolic(subject) and \
                    type(subject) not in _STANDS_IN:
                fn(subject, cls)            # its answer cached, as eager's first call
                library_state.note_setting(b.record.settings,
                                           abstract_classes.abstract_answer(cls, asked))


def _each_class(classes, depth=0):
    """The classes isinstance()/issubclass() asks about: nested tuples and `A | B`
    unions flattened, as CPython walks them."""
    if depth < 16 and (type(classes) is tuple or type(classes) is types.UnionType):
        for item in (classes if type(classes) is tuple else classes.__args__):
            yield from _each_class(item, depth + 1)
    else:
        yield classes
