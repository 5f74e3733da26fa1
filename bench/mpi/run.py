"""`make bench-mpi`: data-parallel numbers on this machine, 2 ranks, written to
bench/results/mpi.{json,md}.

1. allreduce.py: the in-graph JanusAllreduce against mpi4py's Allreduce on the same bytes.
2. scaling.py: step time of 1 rank against 2 ranks (in-graph allreduce with and without
   overlap, Python allreduce after tape.gradient), measured inside one 2-rank job.
3. horovod_synthetic.py: the Horovod-API benchmark, in a tf.function and under janus.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PYTHON = REPO / "bin" / "janus-python"
MPIEXEC = REPO / ".prefix" / "bin" / "mpiexec"
RESULTS = REPO / "bench" / "results"


def run(command, env_extra=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.update(env_extra or {})
    result = subprocess.run([str(c) for c in command], env=env, capture_output=True,
                            text=True, timeout=3600)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{result.stderr[-3000:]}")
    return result.stdout


def two_ranks(*args):
    return [MPIEXEC, "-n", "2", PYTHON, *args]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--skip-horovod", action="store_true")
    args = parser.parse_args()
    report = {"load_average_before": os.getloadavg()}
    print("[bench-mpi] allreduce throughput", flush=True)
    allreduce_json = RESULTS / "mpi_allreduce.json"
    print(run(two_ranks(HERE / "allreduce.py", "--json", allreduce_json)), end="", flush=True)
    report["allreduce"] = json.loads(allreduce_json.read_text())
    allreduce_json.unlink()

    rounds = []
    for r in range(args.repeats):
        out = run(two_ranks(HERE / "scaling.py"))
        rounds.append(json.loads(out.strip().splitlines()[-1]))
        print(f"[bench-mpi] scaling run {r + 1}: " + ", ".join(
            f"{name} {row['median_ms']:.0f} ms ({row['scale_factor']:.2f})"
            for name, row in rounds[-1]["steps"].items()), flush=True)
    report["scaling_runs"] = rounds
    report["steps"] = {}
    for name in rounds[0]["steps"]:
        medians = [run_["steps"][name]["median_ms"] for run_ in rounds]
        factors = [run_["steps"][name]["scale_factor"] for run_ in rounds]
        report["steps"][name] = {"median_ms": statistics.median(medians),
                                 "spread_ms": [min(medians), max(medians)],
                                 "scale_factor": statistics.median(factors),
                                 "scale_spread": [min(factors), max(factors)]}
    if not args.skip_horovod:
        report["horovod_synthetic"] = {}
        for label, extra in (("tf.function", []), ("janus", ["--janus"]),
                             ("janus, fp16 compression", ["--janus", "--fp16-allreduce"])):
            out = run(two_ranks(HERE / "horovod_synthetic.py", "--model", "MobileNetV3Small",
                                "--batch-size", "2", *extra))
            line = out.strip().splitlines()[-1]
            report["horovod_synthetic"][label] = line
            print(f"[bench-mpi] horovod synthetic, {label}: {line}", flush=True)
    report["load_average_after"] = os.getloadavg()
    (RESULTS / "mpi.json").write_text(json.dumps(report, indent=1))
    (RESULTS / "mpi.md").write_text(markdown(report))
    print(markdown(report))


def markdown(report):
    lines = ["| bytes | mpi4py Allreduce ms | in place ms | in-graph op ms | "
             "in-graph vs mpi4py | vs in place | "
             "eager op ms | eager vs mpi4py | numpy_function ms | numpy_function vs mpi4py |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for row in report["allreduce"]:
        lines.append(f"| {row['megabytes']:.0f} MB | {row['mpi4py_ms']:.2f} | "
                     f"{row['mpi4py_in_place_ms']:.2f} | "
                     f"{row['graph_ms']:.2f} | {row['graph_vs_mpi4py']:.0%} | "
                     f"{row['graph_vs_mpi4py_in_place']:.0%} | "
                     f"{row['eager_ms']:.2f} | {row['eager_vs_mpi4py']:.0%} | "
                     f"{row.get('numpy_function_ms', float('nan')):.2f} | "
                     f"{row.get('numpy_function_vs_mpi4py', float('nan')):.0%} |")
    lines += ["", "| configuration | ms/step, median of runs (spread) | scale factor (spread) |",
              "|---|---|---|"]
    for name, row in report["steps"].items():
        lines.append(f"| {name} | {row['median_ms']:.1f} ({row['spread_ms'][0]:.1f}-"
                     f"{row['spread_ms'][1]:.1f}) | {row['scale_factor']:.2f} "
                     f"({row['scale_spread'][0]:.2f}-{row['scale_spread'][1]:.2f}) |")
    for label, line in report.get("horovod_synthetic", {}).items():
        lines.append(f"\nHorovod-API synthetic benchmark, {label}: {line}")
    lines.append(f"\nLoad average before/after: {report['load_average_before']}, "
                 f"{report['load_average_after']}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
