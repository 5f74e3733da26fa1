"""The runtime's structure, checked on its source:

- errors.py and values.py hold the vocabulary every stage shares and import nothing
  from janus;
- modules do not import each other in circles, counting imports inside functions;
- only the executor, above it, imports the builder;
- reads.py (with attribute_reads.py, its attribute half) is the one path by which a
  build consumes a value from outside it: no other build stage records a guard or
  reads the heap statically on its own.
"""

import ast
from pathlib import Path

import pytest

RUNTIME = Path(__file__).resolve().parent.parent / "runtime" / "janus"
MODULES = sorted(p.stem for p in RUNTIME.glob("*.py"))
GROUND_FLOOR = ("errors", "values")
# Guards are recorded only where a value enters the build: reads.py and
# attribute_reads.py (the heap), inputs.py (the arguments), heap.py (the call-time reads
# reads.py asks for), random_ops.py (the seed of TF's context, which eager reads at each
# draw), and guards.py itself.
RECORD_GUARDS = {"reads", "attribute_reads", "inputs", "heap", "random_ops", "guards"}
# The static reads the entry checker replays; anyone else using them reads the heap
# around reads.py.
STATIC_READS = ("static_getattr", "static_item", "own_attr")
MAX_LINES = 800


def tree_of(module):
    return ast.parse((RUNTIME / f"{module}.py").read_text())


def janus_imports(module):
    found = set()
    for node in ast.walk(tree_of(module)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("janus"):
            found.add((node.module.split(".") + [""])[1] or "janus")
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names
                         if a.name.startswith("janus."))
    return found & set(MODULES)


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


def test_only_the_executor_imports_the_builder():
    importers = {m for m in MODULES if "builder" in janus_imports(m)}
    assert importers == {"executor"}


def test_the_parser_sees_imports():
    # builder.py imports the ground floor and frame: the checks above can fail.
    assert {"errors", "values", "frame", "reads"} <= janus_imports("builder")


@pytest.mark.parametrize("module", sorted(set(MODULES) - RECORD_GUARDS))
def test_guards_are_recorded_only_where_values_enter(module):
    assert calls_named(module, lambda n: n.startswith("require_")) == []


@pytest.mark.parametrize("module", sorted(set(MODULES) - {"reads", "attribute_reads"}))
def test_only_reads_reads_the_heap_statically(module):
    assert calls_named(module, lambda n: n in STATIC_READS) == []


def test_the_read_checks_can_fail():
    for module in ("reads", "attribute_reads"):
        assert calls_named(module, lambda n: n.startswith("require_"))
        assert calls_named(module, lambda n: n in STATIC_READS)


@pytest.mark.parametrize("module", MODULES)
def test_modules_stay_readable(module):
    lines = (RUNTIME / f"{module}.py").read_text().count("\n")
    assert lines <= MAX_LINES, f"{module}.py has {lines} lines"
