"""Two containers from the image, wired as Kubeflow's MPI Operator runs an MPIJob: the
launcher runs `mpirun` with the hostfile at /etc/mpi/hostfile (HYDRA_HOST_FILE, as for
mpiImplementation MPICH), and reaches the worker's sshd (run as the image's user on its
port, with one key pair mounted at /home/janus/.ssh, as the operator's Secret is).

Each container has a network namespace of its own, joined by a veth pair this test
makes, like two pods. Host networking cannot test this: both containers would share the
host's addresses, and MPICH's launcher starts ranks on a host it finds local by fork,
never over ssh.

Over that link the launcher runs an mpi4py Allreduce (the MPIJob's default command) and
then a data-parallel training (tests/distributed/data_parallel.py, mounted at the same path
in both containers, as a script from a volume or a derived image would be): each rank
trains on half of every batch, and janus averages the gradients inside its graph.
"""

import json
import os
import re
import subprocess
import uuid

import numpy as np
import pytest
from conftest import REPO, docker

SUBNET = "10.231.20"
HOSTS = {"launcher": f"{SUBNET}.1", "worker": f"{SUBNET}.2"}
DEMO = "/opt/janus/share/janus-python/demo"
PROGRAMS = "/programs"
# Float64 round-off from the order of the reduction, as in tests/distributed/test_distributed.py.
RELATIVE_TOLERANCE = 1e-12


def sh(*args):
    r = subprocess.run(args, capture_output=True, text=True)
    assert r.returncode == 0, f"{' '.join(args)}: {r.stderr}"
    return r.stdout


@pytest.fixture(scope="module")
def cluster(image, tmp_path_factory):
    assert os.geteuid() == 0, "wiring container namespaces needs root (ip, nsenter)"
    tmp_path = tmp_path_factory.mktemp("cluster")
    tag = uuid.uuid4().hex[:8]
    ssh_dir = tmp_path / "ssh"
    ssh_dir.mkdir()
    os.chown(ssh_dir, 1000, 1000)
    # The key pair the operator would put in its Secret, made by the image's own ssh-keygen.
    docker("run", "--rm", "--network", "none", "-v", f"{ssh_dir}:/keys", image, "sh", "-c",
           "ssh-keygen -q -t ecdsa -b 521 -N '' -f /keys/id_rsa && "
           "cp /keys/id_rsa.pub /keys/authorized_keys")
    hostfile = tmp_path / "hostfile"
    hostfile.write_text("launcher:1\nworker:1\n")
    # Each container writes to a directory of its own: a rank's files show where it ran.
    outputs = {role: tmp_path / f"out-{role}" for role in HOSTS}
    for out in outputs.values():
        out.mkdir()
        os.chown(out, 1000, 1000)
    common = ["--network", "none", "-v", f"{ssh_dir}:/home/janus/.ssh:ro",
              "-v", f"{REPO / 'tests' / 'programs'}:{PROGRAMS}:ro",
              *[f"--add-host={name}:{ip}" for name, ip in HOSTS.items()]]
    names = {role: f"janus-test-{role}-{tag}" for role in HOSTS}
    try:
        docker("run", "-d", "--name", names["worker"], "--hostname", "worker", *common,
               "-v", f"{outputs['worker']}:/out", image,
               "/usr/sbin/sshd", "-De", "-f", "/etc/janus/sshd_config")
        docker("run", "-d", "--name", names["launcher"], "--hostname", "launcher", *common,
               "-v", f"{outputs['launcher']}:/out",
               "-v", f"{hostfile}:/etc/mpi/hostfile:ro",
               "-e", "HYDRA_HOST_FILE=/etc/mpi/hostfile",
               "-e", "HYDRA_LAUNCH_EXTRA_ARGS=-o ConnectionAttempts=10",
               image, "sleep", "infinity")
        pids = {role: docker("inspect", "-f", "{{.State.Pid}}", name).stdout.strip()
                for role, name in names.items()}
        links = {"launcher": f"jl{tag}", "worker": f"jw{tag}"}
        sh("ip", "link", "add", links["launcher"], "type", "veth", "peer", "name", links["worker"])
        for role, link in links.items():
            sh("ip", "link", "set", link, "netns", pids[role])
            sh("nsenter", "-t", pids[role], "-n", "ip", "addr", "add", f"{HOSTS[role]}/24",
               "dev", link)
            sh("nsenter", "-t", pids[role], "-n", "ip", "link", "set", link, "up")
        yield names, outputs
    finally:
        # The veth pair goes with the containers' namespaces.
        for name in names.values():
            docker("rm", "-f", name, check=False)


def test_mpirun_reaches_the_worker_over_ssh_and_both_ranks_agree(cluster):
    names, _ = cluster
    # What the MPIJob's launcher runs, as the image's default user.
    r = docker("exec", names["launcher"], "mpirun", "-np", "2", "janus-python",
               f"{DEMO}/mpi_allreduce.py", check=False, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    ranks = dict(re.findall(r"^rank (\d) of 2 on (\S+): allreduce 3 \(expected 3\) ok$",
                            r.stdout, re.M))
    assert ranks == {"0": "launcher", "1": "worker"}, r.stdout + r.stderr
    # The worker's sshd (its PID 1) ran as the unprivileged user, not as root.
    uid = docker("exec", names["worker"], "awk", "/^Uid:/ {print $2}", "/proc/1/status")
    assert uid.stdout.strip() == "1000"


def test_data_parallel_training_across_the_containers_ends_with_equal_weights(cluster):
    names, outputs = cluster
    # One process on whole batches, plain TF: what the two ranks together must match.
    r = docker("exec", "-e", "JANUS_MODE=off", names["launcher"], "janus-python",
               f"{PROGRAMS}/data_parallel.py", "--reference", "--out", "/out",
               check=False, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    r = docker("exec", "-e", "JANUS_LOG=1", names["launcher"], "mpirun", "-np", "2",
               "janus-python", f"{PROGRAMS}/data_parallel.py", "--variants", "auto",
               "--out", "/out", check=False, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr[-5000:]
    assert re.search(r"janus\.distributed: 2 ranks: 0=pid \d+@launcher, 1=pid \d+@worker",
                     r.stderr), r.stderr[-3000:]
    where = {"launcher": 0, "worker": 1}
    weights = {rank: np.load(outputs[role] / f"auto-rank{rank}.npz")
               for role, rank in where.items()}
    reference = np.load(outputs["launcher"] / "reference-rank0.npz")
    assert sorted(weights[0].keys()) == sorted(reference.keys())
    for key in reference:
        # Each rank started from its own random weights and saw its own half of each
        # batch: only the broadcast and the averaged gradients make them agree.
        assert np.array_equal(weights[0][key], weights[1][key]), f"ranks differ in {key=}"
        difference = (np.max(np.abs(weights[0][key] - reference[key]))
                      / max(float(np.max(np.abs(reference[key]))), 1e-300))
        assert difference <= RELATIVE_TOLERANCE, f"{key=} {difference=}"
    for role, rank in where.items():
        stats = json.loads((outputs[role] / f"stats-rank{rank}.json").read_text())
        runs = {name.split(" ")[0]: entry["graph_runs"] for name, entry in stats["stats"].items()}
        # The step ran as a janus graph on each rank, the allreduce inside it.
        assert stats["graph_ops"]["train_step"] == ["JanusAllreduce"], (rank, stats)
        assert runs["train_step"] >= 6, (rank, stats["stats"])
