"""Validates deploy/'s Kubernetes manifests without a cluster.

- Core resources (the Job) against Kubernetes' own OpenAPI schemas, strictly (an unknown
  field is an error), with kubernetes-validate (requirements/deploy-check.txt).
- An MPIJob's own fields against deploy/schema/mpijob-v2beta1.json, and each replica's
  pod template against Kubernetes' PodTemplateSpec schema, also strictly.
- The image's conventions: MPICH, the ssh mount at the user's home, workers running the
  image's sshd config, mpirun's -np matching the workers' slots, pods that run as non-root.
A kind with no schema is an error, not a warning.
Usage: validate-manifests.py [--k8s VERSION]... FILE...    exit 1 listing every problem
"""

import argparse
import json
import sys
from pathlib import Path

import jsonschema
import kubernetes_validate.utils as kv
import yaml

REPO = Path(__file__).resolve().parent.parent
MPIJOB_SCHEMA = REPO / "deploy" / "schema" / "mpijob-v2beta1.json"
# The oldest Kubernetes still commonly run and the newest kubernetes-validate knows.
DEFAULT_VERSIONS = ["1.30", "1.37"]
SSH_MOUNT = "/home/janus/.ssh"
SSHD_CONFIG = "/etc/janus/sshd_config"


def core_problems(doc, where, versions):
    problems = []
    for version in versions:
        try:
            kv.validate(doc, version, strict=True)
        except kv.ValidationError as e:
            path = ".".join(str(p) for p in e.path) or "(top)"
            problems.append(f"{where}: {path}: {e.message} (Kubernetes {e.version})")
        except kv.SchemaNotFoundError as e:
            problems.append(f"{where}: {e.message}")
    return problems


def pods_run_as_non_root(spec, where):
    context = spec.get("securityContext", {})
    if context.get("runAsNonRoot") is not True or not context.get("runAsUser"):
        return [f"{where}: the pod must set securityContext.runAsNonRoot and runAsUser "
                f"(the image's user is janus, uid 1000)"]
    return []


def mpijob_problems(doc, where, versions):
    schema = json.loads(MPIJOB_SCHEMA.read_text())
    problems = [f"{where}: {'.'.join(str(p) for p in e.path) or '(top)'}: {e.message}"
                for e in jsonschema.Draft202012Validator(schema).iter_errors(doc)]
    if problems:
        return problems
    spec = doc["spec"]
    replicas = spec["mpiReplicaSpecs"]
    for role, replica in replicas.items():
        template_doc = {"apiVersion": "v1", "kind": "PodTemplate",
                        "metadata": {"name": f"{doc['metadata']['name']}-{role.lower()}"},
                        "template": replica["template"]}
        problems += core_problems(template_doc, f"{where} {role} template", versions)
        problems += pods_run_as_non_root(replica["template"].get("spec", {}),
                                         f"{where} {role}")
    if problems:
        return problems
    if spec.get("mpiImplementation") != "MPICH":
        problems.append(f"{where}: mpiImplementation must be MPICH (the image's MPI; "
                        f"the operator then sets HYDRA_HOST_FILE=/etc/mpi/hostfile)")
    if spec.get("sshAuthMountPath") != SSH_MOUNT:
        problems.append(f"{where}: sshAuthMountPath must be {SSH_MOUNT} (the image's user)")
    worker = replicas["Worker"]["template"]["spec"]["containers"][0]
    if worker.get("command", [])[:1] != ["/usr/sbin/sshd"] or SSHD_CONFIG not in worker.get("command", []):
        problems.append(f"{where}: the Worker must run /usr/sbin/sshd -De -f {SSHD_CONFIG}")
    launcher = replicas["Launcher"]["template"]["spec"]["containers"][0]
    command = launcher.get("command", []) + launcher.get("args", [])
    if command[:1] not in (["mpirun"], ["mpiexec"]):
        problems.append(f"{where}: the Launcher must run mpirun")
    elif "-np" in command or "-n" in command:
        flag = "-np" if "-np" in command else "-n"
        ranks = int(command[command.index(flag) + 1])
        slots = replicas["Worker"].get("replicas", 1) * spec.get("slotsPerWorker", 1)
        if spec.get("runLauncherAsWorker"):
            slots += spec.get("slotsPerWorker", 1)
        if ranks != slots:
            problems.append(f"{where}: mpirun {flag} {ranks} but the hostfile has {slots} slots")
    return problems


def file_problems(path, versions):
    problems = []
    try:
        docs = [d for d in yaml.safe_load_all(Path(path).read_text()) if d]
    except yaml.YAMLError as e:
        return [f"{path}: not YAML: {e}"]
    if not docs:
        return [f"{path}: no resource"]
    for doc in docs:
        if not isinstance(doc, dict) or "kind" not in doc or "apiVersion" not in doc:
            problems.append(f"{path}: a document without kind and apiVersion")
            continue
        where = f"{path}: {doc['kind']}/{doc.get('metadata', {}).get('name', '?')}"
        if doc["kind"] == "MPIJob":
            problems += mpijob_problems(doc, where, versions)
        else:
            problems += core_problems(doc, where, versions)
            spec = doc.get("spec", {}).get("template", {}).get("spec")
            if spec is not None:
                problems += pods_run_as_non_root(spec, where)
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k8s", action="append", help="Kubernetes version(s) to check against")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    problems = []
    for path in args.files:
        problems += file_problems(path, args.k8s or DEFAULT_VERSIONS)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{len(args.files)} manifest file(s) valid")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
