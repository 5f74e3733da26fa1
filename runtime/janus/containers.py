"""The stdlib containers janus tracks on the heap besides list and dict → what each
method does to it, how to copy it, and what it was built with.

A converted step may read and change a `collections.deque`, `Counter`, `defaultdict` or
`OrderedDict` that lives outside it (a replay buffer, an event count, a log), as it may a
list or a dict: reads go through janus/state/reads.py under guards on exactly what they
consumed, writes go to a copy (janus/state/heap.py) and land on the caller's own object after
a good graph call.  Only the exact types are tracked.  A subclass can override any
method with the program's code, so it stays opaque (janus/semantics/natives.py) and is refused.

deque, defaultdict and OrderedDict are C types whose methods no program can replace.
Counter is a Python class: the dict slots janus relies on are checked against the ones
it had when janus started, and guarded where a call depends on them (reads.py).
"""

import collections

deque = collections.deque
Counter = collections.Counter
defaultdict = collections.defaultdict
OrderedDict = collections.OrderedDict

COLLECTIONS = (deque, Counter, defaultdict, OrderedDict)
MAPPINGS = (Counter, defaultdict, OrderedDict)
# What a container was built with that changes its behaviour (guards.G_COLLECTION).
PARAMETER = {deque: "maxlen", defaultdict: "default_factory", Counter: "nothing",
             OrderedDict: "nothing"}

_DICT_MUTATORS = frozenset({"update", "setdefault", "pop", "popitem", "clear",
                            "__setitem__", "__delitem__"})
_DICT_READS = frozenset({"pop", "popitem", "setdefault", "get", "keys", "values", "items",
                         "__getitem__", "__contains__", "__delitem__"})

# Methods that change the container; replayed at commit.  Counter's update/subtract
# add to the counts already there, which janus would have to read one by one: not
# listed, so refused (collection_reads.collection_attribute).
MUTATORS = {
    deque: frozenset({"append", "appendleft", "pop", "popleft", "extend", "extendleft",
                      "clear", "rotate", "remove", "insert", "reverse", "__setitem__",
                      "__delitem__"}),
    Counter: _DICT_MUTATORS - {"update"},
    defaultdict: _DICT_MUTATORS,
    OrderedDict: _DICT_MUTATORS | {"move_to_end"},
}
# Methods whose result, or whose success at commit, depends on the contents already
# there (guarded first).  A deque's whole contents are guarded, a mapping's keys; the
# values a mapping method reads are guarded where they are read (reads.item).
READS_CONTENTS = {
    deque: frozenset({"pop", "popleft", "remove", "index", "count", "__getitem__",
                      "__contains__", "insert", "rotate", "reverse", "__setitem__",
                      "__delitem__"}),
    Counter: _DICT_READS,
    defaultdict: _DICT_READS,
    OrderedDict: _DICT_READS | {"move_to_end"},
}
# Plain attributes a step may read; each is what the container was built with.
ATTRIBUTES = {deque: ("maxlen",), defaultdict: ("default_factory",)}

# Counter's slots as the stdlib defines them (dict's C slots, and its own __missing__).
COUNTER_SLOTS = {name: Counter.__dict__.get(name) or getattr(dict, name)
                 for name in ("__missing__", "__contains__", "__len__", "__iter__",
                              "__getitem__", "__setitem__", "__delitem__", "get", "keys",
                              "values", "items", "pop", "popitem", "setdefault", "clear")}
# A default_factory janus evaluates itself: builtin constructors of fresh values.  A
# function of the program is inlined like any call (collection_reads.default_value).
FACTORIES = (list, dict, int, float, str, bool, tuple)


def is_tracked(value):
    return type(value) in COLLECTIONS


def is_mapping(value):
    return type(value) is dict or type(value) in MAPPINGS


def method_names(kind):
    return MUTATORS[kind] | READS_CONTENTS[kind]


def built_with(container):
    """The maxlen of a deque, the default_factory of a defaultdict, else None."""
    kind = type(container)
    if kind is deque:
        return container.maxlen
    if kind is defaultdict:
        return container.default_factory
    return None


def keys_in_order(mapping):
    """The keys as the checker walks them: an OrderedDict's own order, else the dict
    storage's (Counter.__iter__ could be replaced; dict's C iterator cannot)."""
    if type(mapping) is OrderedDict:
        return tuple(mapping)
    return tuple(dict.__iter__(mapping))


def copy_of(container):
    """A copy with the same type, maxlen or default_factory and order; runs no code of
    the program (Counter's own __init__ is skipped)."""
    kind = type(container)
    if kind is deque:
        return deque(container, container.maxlen)
    if kind is defaultdict:
        return defaultdict(container.default_factory, container)
    if kind is Counter:
        copy = dict.__new__(Counter)
        dict.update(copy, container)
        return copy
    return kind(container)
