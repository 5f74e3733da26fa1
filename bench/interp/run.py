"""Interpreter overhead of janus-python's patches: pyperformance benchmarks timed on
stock CPython 3.13.5 and on the patched build (hooks off, runtime idle, profiling on).

    make bench-interp            (builds the stock interpreter once, then runs this)

Every run times each benchmark once on every setup, setups in rotating order, so that
the machine's noise falls on all of them alike; the report gives, per benchmark, the
median ratio to stock over the runs and its spread (min-max), and the geometric mean.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# (benchmark, pyperf loops per value): ~50-100 ms per value on stock here.
BENCHMARKS = [("richards", 2), ("nbody", 1), ("float", 1), ("deltablue", 16),
              ("raytrace", 1), ("chaos", 1), ("go", 1)]


def setups(stock, patched):
    return {
        "stock": ([stock], {}),
        "hooks-off": ([patched], {"JANUS_MODE": "off"}),
        "janus-idle": ([patched], {"JANUS_MODE": "on"}),
        "profiling": ([patched, str(HERE / "profiled.py")], {"JANUS_MODE": "on"}),
    }


def time_once(command, env_extra, script, loops, site):
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.json"
        env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
        env.update(env_extra, PYTHONPATH=str(site))
        subprocess.run([*command, str(script), "--worker", "--worker-task", "0",
                        "-l", str(loops), "-n", "3", "-w", "1", "-o", str(out)],
                       env=env, check=True, capture_output=True, text=True)
        runs = json.loads(out.read_text())["benchmarks"][0]["runs"]
        values = [v for run in runs for v in run.get("values", [])]
        return statistics.median(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stock", required=True, help="stock python3.13")
    parser.add_argument("--patched", required=True, help="janus-python")
    parser.add_argument("--benchmarks-dir", required=True, type=Path,
                        help="pyperformance's benchmarks/ (bm_*/run_benchmark.py)")
    parser.add_argument("--site", required=True, type=Path, help="where pyperf is")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    parser.add_argument("--json", type=Path, help="write the raw timings here")
    args = parser.parse_args()

    chosen = [b for b in BENCHMARKS if not args.only or b[0] in args.only.split(",")]
    configs = setups(args.stock, args.patched)
    names = list(configs)
    times = {bm: {name: [] for name in names} for bm, _ in chosen}
    for run in range(args.runs):
        order = names[run % len(names):] + names[:run % len(names)]
        for bm, loops in chosen:
            script = args.benchmarks_dir / f"bm_{bm}" / "run_benchmark.py"
            for name in order:
                command, env = configs[name]
                times[bm][name].append(time_once(command, env, script, loops, args.site))
        print(f"run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)

    print(f"{'benchmark':<11} {'stock ms':>9}" + "".join(
        f" {name + ' ratio (spread)':>28}" for name in names[1:]))
    geo = {name: [] for name in names[1:]}
    for bm, _ in chosen:
        row = f"{bm:<11} {statistics.median(times[bm]['stock']) * 1e3:9.2f}"
        for name in names[1:]:
            ratios = [t / s for t, s in zip(times[bm][name], times[bm]["stock"])]
            med = statistics.median(ratios)
            geo[name].append(med)
            row += f" {med:>14.3f} ({min(ratios):.3f}-{max(ratios):.3f})"
        print(row)
    print(f"{'geomean':<11} {'':>9}" + "".join(
        f" {statistics.geometric_mean(geo[name]):>14.3f} {'':>13}" for name in names[1:]))
    if args.json:
        args.json.write_text(json.dumps(times, indent=1))


if __name__ == "__main__":
    main()
