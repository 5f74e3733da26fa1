"""The container image: the demo and a mounted script train, it runs as non-root, the
prefix in it can be moved, it carries no toolchain, and its labels say what is inside."""

import json
import os
import re

from conftest import REPO, docker

DEMO = "/opt/janus/share/janus-python/demo"
EPOCH = re.compile(r"^epoch (\d+): loss (\d+\.\d+) accuracy (\d+\.\d+)$", re.M)
TRAIN = '''
import tensorflow as tf

w = tf.Variable(0.0)
opt = tf.keras.optimizers.SGD(0.1)

def step(x, y):
    with tf.GradientTape() as tape:
        loss = (w * x - y) ** 2
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss

for _ in range(30):
    loss = step(tf.constant(1.0), tf.constant(2.0))
with open("trained.txt", "w") as f:
    f.write(f"{float(w.numpy()):.4f}\\n")
'''


def run(image, *args, options=()):
    # No network: nothing in these checks may reach out.
    return docker("run", "--rm", "--network", "none", *options, image, *args)


def test_it_runs_as_an_unprivileged_user_in_workspace(image):
    out = run(image, "sh", "-c", "id -u; id -un; pwd; command -v janus-python").stdout.split()
    assert out == ["1000", "janus", "/workspace", "/opt/janus/bin/janus-python"]
    config = json.loads(docker("image", "inspect", image).stdout)[0]["Config"]
    assert config["User"] == "janus"


def test_the_labels_name_the_version_source_and_tensorflow(image):
    labels = json.loads(docker("image", "inspect", image).stdout)[0]["Config"]["Labels"]
    pin = re.search(r"^tensorflow-cpu==(\S+)$", (REPO / "requirements" / "cpu.txt").read_text(),
                    re.M)[1]
    assert labels["org.janus-python.tensorflow.version"] == pin
    assert labels["org.janus-python.tensorflow.variant"] == "cpu"
    assert labels["org.opencontainers.image.version"] not in ("", "unknown")
    assert "org.opencontainers.image.source" in labels


def test_the_demo_trains(image):
    out = run(image, "janus-python", f"{DEMO}/lenet.py", "--epochs", "3").stdout
    epochs = [(float(m[2]), float(m[3])) for m in EPOCH.finditer(out)]
    assert len(epochs) == 3, out
    assert epochs[-1][0] < epochs[0][0], out       # the loss falls
    assert epochs[-1][1] > 0.5, out


def test_a_script_from_a_mounted_volume_trains_under_janus(image, tmp_path):
    (tmp_path / "train.py").write_text(TRAIN)
    os.chown(tmp_path, 1000, 1000)              # the image's user writes its results there
    run(image, "janus-python", "train.py", options=[
        "-v", f"{tmp_path}:/workspace", "-e", "JANUS_STATS=/workspace/stats.json"])
    # Gradient descent on (w - 2)^2 with rate 0.1 shrinks w's error by 0.8 a step.
    assert abs(float((tmp_path / "trained.txt").read_text()) - (2 - 2 * 0.8 ** 30)) < 1e-4
    assert (tmp_path / "trained.txt").stat().st_uid == 1000
    stats = json.loads((tmp_path / "stats.json").read_text())
    step = next(f for f in stats["functions"] if f["name"] == "step")
    assert step["status"] == "converted" and step["graph_calls"] > 0, step


def test_mpirun_runs_two_ranks_in_one_container(image):
    out = run(image, "mpirun", "-np", "2", "janus-python", f"{DEMO}/mpi_allreduce.py").stdout
    assert sorted(re.findall(r"^rank (\d) of 2 on \S+: allreduce 3 \(expected 3\) ok$",
                             out, re.M)) == ["0", "1"], out


def test_the_prefix_still_works_after_being_moved(image):
    # As root only to move /opt/janus away: nothing may still point into it.
    script = r"""
set -e
mv /opt/janus /srv/moved
test ! -e /opt/janus
! grep -l '^#!/\(opt\|root\)' /srv/moved/bin/* 2>/dev/null
/srv/moved/bin/janus-python -c 'import sys, tensorflow, janus, janus_ext, mpi4py.MPI; print(sys.prefix)'
/srv/moved/bin/pip3 --version
/srv/moved/bin/f2py -v
JANUS_MODE=off /srv/moved/bin/mpiexec -n 1 /srv/moved/bin/janus-python -c 'print("mpi ok")'
"""
    r = run(image, "sh", "-c", script, options=["--user", "0", "-e", "PATH=/usr/bin:/bin"])
    assert r.stdout.splitlines()[0] == "/srv/moved"
    assert "pip " in r.stdout and "from /srv/moved/lib/python3.13" in r.stdout
    assert re.search(r"^\d+\.\d+\.\d+$", r.stdout, re.M), r.stdout    # numpy's f2py
    assert r.stdout.splitlines()[-1] == "mpi ok"


def test_no_toolchain_caches_or_baked_host_keys(image):
    script = ("for t in gcc cc g++ c++ make ld; do command -v $t; done; "
              "ls -d /root/.cache /home/janus/.cache /tmp/wheels 2>/dev/null; "
              "ls /var/lib/apt/lists /etc/ssh | grep -E 'Packages|ssh_host' || true")
    assert run(image, "sh", "-c", script, options=["--user", "0"]).stdout == ""


def test_only_what_runs_is_installed_and_tf_summary_still_writes(image):
    wanted_gone = [line.strip() for line in
                   (REPO / "requirements" / "not-in-image.txt").read_text().splitlines()
                   if line.strip() and not line.startswith("#")]
    script = ("import importlib.metadata as m, sys, tensorflow as tf\n"
              "names = sys.argv[1:]\n"
              "present = []\n"
              "for n in names:\n"
              "    try: m.version(n); present.append(n)\n"
              "    except m.PackageNotFoundError: pass\n"
              "print('present', present)\n"
              "w = tf.summary.create_file_writer('/tmp/events')\n"
              "with w.as_default(): print('summary', bool(tf.summary.scalar('x', 1.0, step=0)))\n")
    out = run(image, "env", "JANUS_MODE=off", "janus-python", "-c", script, *wanted_gone).stdout
    assert "present []" in out and "summary True" in out, out
