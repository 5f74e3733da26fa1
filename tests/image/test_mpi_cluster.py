"""Two containers from the image, wired as Kubeflow's MPI Operator runs an MPIJob: the
launcher runs `mpirun` with the hostfile at /etc/mpi/hostfile (HYDRA_HOST_FILE, as for
mpiImplementation MPICH), and reaches the worker's sshd (run as the image's user on its
port, with one key pair mounted at /home/janus/.ssh, as the operator's Secret is).

Each container has a network namespace of its own, joined by a veth pair this test
makes, like two pods. Host networking cannot test this: both containers would share the
host's addresses, and MPICH's launcher starts ranks on a host it finds local by fork,
never over ssh.
"""

import os
import re
import subprocess
import uuid

import pytest

from conftest import docker

SUBNET = "10.231.20"
HOSTS = {"launcher": f"{SUBNET}.1", "worker": f"{SUBNET}.2"}
DEMO = "/opt/janus/share/janus-python/demo"


def sh(*args):
    r = subprocess.run(args, capture_output=True, text=True)
    assert r.returncode == 0, f"{' '.join(args)}: {r.stderr}"
    return r.stdout


@pytest.fixture
def cluster(image, tmp_path):
    assert os.geteuid() == 0, "wiring container namespaces needs root (ip, nsenter)"
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
    common = ["--network", "none", "-v", f"{ssh_dir}:/home/janus/.ssh:ro",
              *[f"--add-host={name}:{ip}" for name, ip in HOSTS.items()]]
    names = {role: f"janus-test-{role}-{tag}" for role in HOSTS}
    try:
        docker("run", "-d", "--name", names["worker"], "--hostname", "worker", *common, image,
               "/usr/sbin/sshd", "-De", "-f", "/etc/janus/sshd_config")
        docker("run", "-d", "--name", names["launcher"], "--hostname", "launcher", *common,
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
        yield names
    finally:
        # The veth pair goes with the containers' namespaces.
        for name in names.values():
            docker("rm", "-f", name, check=False)


def test_mpirun_reaches_the_worker_over_ssh_and_both_ranks_agree(cluster):
    # What the MPIJob's launcher runs, as the image's default user.
    r = docker("exec", cluster["launcher"], "mpirun", "-np", "2", "janus-python",
               f"{DEMO}/mpi_allreduce.py", check=False, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    ranks = dict(re.findall(r"^rank (\d) of 2 on (\S+): allreduce 3 \(expected 3\) ok$",
                            r.stdout, re.M))
    assert ranks == {"0": "launcher", "1": "worker"}, r.stdout + r.stderr
    # The worker's sshd (its PID 1) ran as the unprivileged user, not as root.
    uid = docker("exec", cluster["worker"], "awk", "/^Uid:/ {print $2}", "/proc/1/status")
    assert uid.stdout.strip() == "1000"
