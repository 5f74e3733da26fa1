"""The runtime's ground floor: errors.py and values.py hold the vocabulary every stage
shares and import nothing from janus, so modules built on them (arrays.py, purity.py)
need not import the builder (no import circles through builder.py)."""

import ast
from pathlib import Path

import pytest

RUNTIME = Path(__file__).resolve().parent.parent / "runtime" / "janus"
GROUND_FLOOR = ("errors", "values")
# Modules that must not reach above the ground floor into the builder.
ON_THE_GROUND_FLOOR = ("arrays", "purity", "guards", "bytecode", "numbers", "natives")


def janus_imports(module):
    tree = ast.parse((RUNTIME / f"{module}.py").read_text())
    found = set()
    for node in ast.walk(tree):
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
    return found


@pytest.mark.parametrize("module", GROUND_FLOOR)
def test_the_ground_floor_imports_nothing_from_janus(module):
    assert janus_imports(module) == set()


@pytest.mark.parametrize("module", ON_THE_GROUND_FLOOR)
def test_lower_stages_do_not_import_the_builder(module):
    imports = janus_imports(module)
    assert "builder" not in imports and "executor" not in imports, imports


def test_the_parser_sees_imports():
    # builder.py imports the ground floor and frame: the check above can fail.
    assert {"errors", "values", "frame"} <= janus_imports("builder")
