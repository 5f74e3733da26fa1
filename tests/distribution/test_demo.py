"""`make run`'s demo: LeNet on sklearn digits trains, identically under janus and off."""

import re

from conftest import REPO, run_python

DEMO = REPO / "bench" / "models" / "lenet.py"
LINE = re.compile(r"^epoch (\d+): loss (\d+\.\d+) accuracy (\d+\.\d+)$")


def epochs(stdout):
    rows = [LINE.match(line) for line in stdout.splitlines() if line.startswith("epoch ")]
    assert rows and all(rows), stdout
    return [(float(m[2]), float(m[3])) for m in rows]


def test_demo_loss_falls_and_matches_the_plain_interpreter():
    args = [str(DEMO), "--epochs", "4"]
    janus = run_python(args, mode="on")
    plain = run_python(args, mode="off")
    assert janus.returncode == 0, janus.stderr
    assert plain.returncode == 0, plain.stderr
    got, want = epochs(janus.stdout), epochs(plain.stdout)
    assert len(got) == len(want) == 4
    assert got[-1][0] < got[0][0] * 0.7, got        # loss falls
    assert got[-1][1] > 0.8, got                     # and the model learns the digits
    for (loss, acc), (ref_loss, ref_acc) in zip(got, want):
        assert abs(loss - ref_loss) <= 1e-4 * max(1.0, abs(ref_loss)), (got, want)
        assert abs(acc - ref_acc) <= 1e-3, (got, want)
