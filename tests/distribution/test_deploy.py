"""deploy/'s manifests are valid Kubernetes (tools/validate-manifests.py), and the
validator rejects what a cluster or the image would reject."""

import copy
import importlib.util
import subprocess
import sys

import pytest
from conftest import REPO

DEPLOY_CHECK = REPO / "build" / "deploy-check"
MANIFESTS = [REPO / "deploy" / "job.yaml", REPO / "deploy" / "mpijob.yaml"]


@pytest.fixture(scope="module")
def validator():
    assert (DEPLOY_CHECK / "kubernetes_validate").is_dir(), \
        "run through `make test`, which installs requirements/deploy-check.txt there"
    # Appended: the prefix's own packages keep precedence over the validator's copies.
    sys.path.append(str(DEPLOY_CHECK))
    spec = importlib.util.spec_from_file_location(
        "validate_manifests", REPO / "tools" / "validate-manifests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    sys.path.remove(str(DEPLOY_CHECK))


def load(validator, name):
    return validator.yaml.safe_load((REPO / "deploy" / name).read_text())


def problems_of(validator, tmp_path, doc):
    path = tmp_path / "manifest.yaml"
    path.write_text(validator.yaml.safe_dump(doc))
    return validator.file_problems(str(path), validator.DEFAULT_VERSIONS)


def test_the_manifests_pass_from_the_command_line():
    env = {"PYTHONPATH": str(DEPLOY_CHECK), "JANUS_MODE": "off", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, str(REPO / "tools" / "validate-manifests.py"),
                        *map(str, MANIFESTS)], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "2 manifest file(s) valid" in r.stdout


def test_the_mpijob_follows_the_operators_mpich_conventions(validator):
    job = load(validator, "mpijob.yaml")
    assert job["apiVersion"] == "kubeflow.org/v2beta1"
    assert job["spec"]["mpiImplementation"] == "MPICH"
    launcher = job["spec"]["mpiReplicaSpecs"]["Launcher"]["template"]["spec"]["containers"][0]
    names = {e["name"] for e in launcher["env"]}
    assert {"JANUS_MODE", "JANUS_HOT", "JANUS_LOG"} <= names


def mutate(doc, path, value):
    doc = copy.deepcopy(doc)
    *parents, last = path
    node = doc
    for key in parents:
        node = node[key]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return doc


class _Delete:
    """A value that removes its key (its repr names it in test ids, which must not
    change from one process to the next)."""

    def __repr__(self):
        return "<deleted>"


DELETE = _Delete()
JOB_CONTAINER = ["spec", "template", "spec", "containers", 0]
LAUNCHER = ["spec", "mpiReplicaSpecs", "Launcher"]
WORKER_CONTAINER = ["spec", "mpiReplicaSpecs", "Worker", "template", "spec", "containers", 0]

BROKEN = [
    ("job.yaml", JOB_CONTAINER + ["imagePulPolicy"], "Always", "imagePulPolicy"),
    ("job.yaml", JOB_CONTAINER + ["resources", "requests"], ["2"], "requests"),
    ("job.yaml", ["spec", "template", "spec", "securityContext"], DELETE, "runAsNonRoot"),
    ("job.yaml", ["kind"], "TFJob", "Couldn't find schema"),
    ("mpijob.yaml", ["spec", "mpiImplementation"], "MPICH2", "MPICH2"),
    ("mpijob.yaml", LAUNCHER, DELETE, "'Launcher' is a required property"),
    ("mpijob.yaml", ["spec", "slotsPerWorker"], "1", "slotsPerWorker"),
    ("mpijob.yaml", WORKER_CONTAINER + ["readinesProbe"], {}, "readinesProbe"),
    ("mpijob.yaml", WORKER_CONTAINER + ["command"], ["/usr/sbin/sshd", "-De"], "sshd"),
    ("mpijob.yaml", ["spec", "sshAuthMountPath"], "/root/.ssh", "sshAuthMountPath"),
    ("mpijob.yaml", ["spec", "mpiImplementation"], "OpenMPI", "must be MPICH"),
    ("mpijob.yaml", ["spec", "mpiReplicaSpecs", "Worker", "replicas"], 3, "3 slots"),
]


@pytest.mark.parametrize("name,path,value,expected", BROKEN,
                         ids=[f"{b[0]}:{b[1][-1]}={b[2]!r}"[:60] for b in BROKEN])
def test_a_broken_manifest_is_rejected_with_its_reason(validator, tmp_path, name, path,
                                                       value, expected):
    assert problems_of(validator, tmp_path, load(validator, name)) == []
    problems = problems_of(validator, tmp_path, mutate(load(validator, name), path, value))
    assert any(expected in p for p in problems), problems
