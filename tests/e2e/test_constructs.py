"""getattr with a constant name, namedtuple batches, `del obj.attr`, and lambdas and
nested functions made in the step convert (docs/coverage.md#arguments-and-constructs),
end to end against
JANUS_MODE=off on tests/e2e/constructs.py."""

from pathlib import Path

import pytest
from conftest import ROUND_OFF, assert_same, run_both_modes

PROGRAMS = Path(__file__).parent


@pytest.fixture(scope="module")
def constructs(tmp_path_factory):
    return run_both_modes(PROGRAMS / "constructs.py", tmp_path_factory.mktemp("constructs"),
                          env_extra={"TF_ENABLE_ONEDNN_OPTS": "0"})


def test_results_are_the_interpreters(constructs):
    for name in ("getattr", "batch", "unpacking", "del", "del_left", "lambda", "default",
                 "history", "passed", "log", "seen", "fresh_list", "outs", "module_dict",
                 "W"):
        assert_same(constructs["on"][name], constructs["off"][name], name, **ROUND_OFF)


@pytest.mark.parametrize("step,builds", [("getattr_step", 2), ("batch_step", 1),
                                         ("unpacking_step", 1), ("del_step", 2),
                                         ("lambda_step", 1), ("default_step", 1),
                                         ("passed_step", 2)])
def test_each_converts(constructs, step, builds):
    stats = constructs["functions"][step]
    assert stats["status"] == "converted", stats
    # getattr's and del's attribute changed once: one rebuild; a new batch object each
    # call: none; passed_step's counter changes every call: read at call time after one.
    assert stats["graphs_built"] == builds and stats["graph_calls"] >= 6, stats


def test_a_modules_dict_read_in_the_step_is_refused(constructs):
    stats = constructs["functions"]["module_dict_step"]
    assert stats["status"] == ("interpreted: the step reads the __dict__ of module "
                               "'__main__', whose entries are that module's globals"), stats
