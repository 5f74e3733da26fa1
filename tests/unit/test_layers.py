"""The runtime's structure, checked on its source:

- runtime/janus/ is split into rooms by pipeline stage, on floors: a module imports
  only from its own room or from rooms below it (ROOMS, lowest first), counting imports
  inside functions, so no two rooms import each other;
- errors.py and values.py hold the vocabulary every stage shares and import nothing
  from janus;
- modules do not import each other in circles;
- the builder is reached only through build/concrete.py, which the executor calls;
- state/reads.py (with attribute_reads.py, its attribute half) is the one path by which
  a build consumes a value from outside it: no other build stage records a guard or
  reads the heap statically on its own.
"""

import ast
from pathlib import Path

import pytest

RUNTIME = Path(__file__).resolve().parents[2] / "runtime" / "janus"


def module_name(path):
    """runtime/janus/state/reads.py -> "state.reads"; a package's __init__ -> its name."""
    parts = list(path.relative_to(RUNTIME).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


PATHS = {module_name(p): p for p in sorted(RUNTIME.rglob("*.py"))
         if "shims" not in p.relative_to(RUNTIME).parts}
MODULES = sorted(PATHS)
# The rooms, lowest floor first.  The root package holds two: the vocabulary every
# stage shares (the ground floor) and the entry points (the top floor).
VOCABULARY = {"errors", "values", "containers", "guards", "config", "messages", "plan"}
ENTRY = {"__init__", "__main__", "startup"}
ROOMS = ["vocabulary", "frontend", "distributed", "semantics", "graph", "state", "observe",
         "build", "run", "coexec", "detect", "entry"]
GROUND_FLOOR = ("errors", "values")
# Guards are recorded only where a value enters the build: reads.py and
# attribute_reads.py (the heap), inputs.py (the arguments), heap.py (the call-time reads
# reads.py asks for), random_ops.py (the seed of TF's context, which eager reads at each
# draw), and guards.py itself.
RECORD_GUARDS = {"state.reads", "state.attribute_reads", "state.identity_reads",
                 "state.inputs", "state.heap", "semantics.random_ops", "guards"}
READS = ("state.reads", "state.attribute_reads")
# The static reads the entry checker replays; anyone else using them reads the heap
# around reads.py.
STATIC_READS = ("static_getattr", "static_item", "own_attr")
MAX_LINES = 800


def room_of(module):
    if module in VOCABULARY:
        return "vocabulary"
    if module in ENTRY:
        return "entry"
    return module.split(".")[0]


def tree_of(module):
    return ast.parse(PATHS[module].read_text())


def _resolve(package, names):
    """The janus modules `from <package> import names` names (a name that is no module is
    an attribute of the package itself)."""
    found = set()
    for name in names:
        dotted = f"{package}.{name}" if package else name
        found.add(dotted if dotted in PATHS else (package or "__init__"))
    return found


def janus_imports(module):
    here = module.split(".")[:-1] if PATHS[module].name != "__init__.py" else \
        module.split(".")
    if module == "__init__":
        here = []
    found = set()
    for node in ast.walk(tree_of(module)):
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            base = here[:len(here) - (node.level - 1)] if node.level > 1 else here
            package = ".".join(base + (node.module.split(".") if node.module else []))
            if node.module and package in PATHS and PATHS[package].name != "__init__.py":
                found.add(package)           # from .heap import X
            else:
                found |= _resolve(package, [a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "janus":
            package = node.module[len("janus."):] if node.module != "janus" else ""
            if package in PATHS and PATHS[package].name != "__init__.py":
                found.add(package)
            else:
                found |= _resolve(package, [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            found.update(a.name[len("janus."):] for a in node.names
                         if a.name.startswith("janus.") and a.name[len("janus."):] in PATHS)
    return found - {module}


def circles(graph):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def calls_named(module, names):
    """(line, name) of every call `x.name(...)` or `name(...)` in module."""
    hits = []
    for node in ast.walk(tree_of(module)):
        if isinstance(node, ast.Call):
            fn = node.func
            name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
            if name is not None and names(name):
                hits.append((node.lineno, name))
    return hits


@pytest.mark.parametrize("module", GROUND_FLOOR)
def test_the_ground_floor_imports_nothing_from_janus(module):
    assert janus_imports(module) == set()


def test_no_import_circles():
    graph = {m: janus_imports(m) for m in MODULES}
    assert circles(graph) == []


def test_the_circle_check_sees_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_builder_is_reached_only_through_the_build_record():
    # build/concrete.py runs the builder and returns a Built record; the executor asks
    # it for one.  Nothing else holds a Builder.
    assert {m for m in MODULES if "build.builder" in janus_imports(m)} == {"build.concrete"}
    assert {m for m in MODULES if "build.concrete" in janus_imports(m)} == {"run.executor"}


def test_the_parser_sees_imports():
    # The builder imports the ground floor, its own room and the state below it; the
    # distributed package's __init__ imports its collectives: the checks can fail.
    assert {"errors", "values", "build.frame", "state.reads"} <= janus_imports("build.builder")
    assert "distributed.collectives" in janus_imports("distributed")
    assert {"config", "detect.tape"} <= janus_imports("startup")


def every_room_is_listed():
    return {room_of(m) for m in MODULES} <= set(ROOMS)


@pytest.mark.parametrize("module", MODULES)
def test_a_module_imports_only_its_own_room_and_those_below(module):
    assert every_room_is_listed(), {room_of(m) for m in MODULES} - set(ROOMS)
    floor = ROOMS.index(room_of(module))
    upward = sorted(m for m in janus_imports(module) if ROOMS.index(room_of(m)) > floor)
    assert upward == [], f"{module} ({room_of(module)}) imports from above: {upward}"


def test_the_floor_check_sees_an_upward_import():
    # state imports from graph below it; graph must not import from state.
    assert any(room_of(m) == "graph" for m in janus_imports("state.objects"))
    assert ROOMS.index("graph") < ROOMS.index("state")


@pytest.mark.parametrize("module", sorted(set(MODULES) - RECORD_GUARDS))
def test_guards_are_recorded_only_where_values_enter(module):
    assert calls_named(module, lambda n: n.startswith("require_")) == []


@pytest.mark.parametrize("module", sorted(set(MODULES) - set(READS)))
def test_only_reads_reads_the_heap_statically(module):
    assert calls_named(module, lambda n: n in STATIC_READS) == []


def test_the_read_checks_can_fail():
    for module in READS:
        assert calls_named(module, lambda n: n.startswith("require_"))
        assert calls_named(module, lambda n: n in STATIC_READS)


@pytest.mark.parametrize("module", MODULES)
def test_modules_stay_readable(module):
    lines = PATHS[module].read_text().count("\n")
    assert lines <= MAX_LINES, f"{PATHS[module].relative_to(RUNTIME)} has {lines} lines"
