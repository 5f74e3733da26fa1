"""What JANUS_TRACE costs: bench models under janus without a trace, with a trace and no
op detail, with op detail on the first 10 graph calls (the default), and on every call.

    bin/janus-python bench/trace_cost.py [--models lenet,lstm,treernn] [--repeats 3]
                                         [--steps 1200]

Modes run interleaved, each repetition in a fresh process; throughput is measured as
bench/run.py does (steps after the first third).  Prints, per model and mode, the median
throughput (min-max) and the median of per-repetition ratios to the untraced run, and
writes bench/results/trace_cost.json.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from run import bench_report, steady_throughput  # bench/run.py, beside this file

HERE = Path(__file__).resolve().parent
MODES = {
    "janus": {},
    "trace": {"JANUS_TRACE_OPS": "off"},
    "trace, ops first:10": {"JANUS_TRACE_OPS": "first:10"},
    "trace, ops every call": {"JANUS_TRACE_OPS": "every:1"},
}


def run_once(model, mode, tmp, steps):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env["JANUS_MODE"] = "on"
    trace = Path(tmp) / f"{model}.json"
    if mode != "janus":
        env.update(MODES[mode], JANUS_TRACE=str(trace))
    proc = subprocess.run([sys.executable, str(HERE / "models" / f"{model}.py"), "--bench",
                           "--steps", str(steps)], env=env, capture_output=True, text=True)
    report = bench_report(proc)
    if report is None:
        raise RuntimeError(f"{model} ({mode}) failed, exit {proc.returncode}: "
                           f"{proc.stderr[-1000:]}")
    result = {"throughput": steady_throughput(report), "unit": report["unit"]}
    if trace.exists():
        result["trace_mb"] = trace.stat().st_size / 1e6
        trace.unlink()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="lenet,lstm,treernn")
    parser.add_argument("--repeats", type=int, default=3)
    # Long enough that a 5 % difference is not lost in this machine's noise: the
    # models' own 120 steps take under a second after warm-up.
    parser.add_argument("--steps", type=int, default=1200)
    args = parser.parse_args()
    results = {}
    out = HERE / "results" / "trace_cost.json"
    with tempfile.TemporaryDirectory() as tmp:
        for model in args.models.split(","):
            runs = {mode: [] for mode in MODES}
            for _ in range(args.repeats):
                for mode in MODES:
                    runs[mode].append(run_once(model, mode, tmp, args.steps))
            base = [r["throughput"] for r in runs["janus"]]
            results[model] = {}
            for mode, rs in runs.items():
                t = [r["throughput"] for r in rs]
                ratios = [a / b for a, b in zip(t, base)]
                results[model][mode] = {
                    "unit": rs[0]["unit"], "median": statistics.median(t),
                    "spread": [min(t), max(t)], "ratio": statistics.median(ratios),
                    "ratio_spread": [min(ratios), max(ratios)],
                    "trace_mb": statistics.median(r.get("trace_mb", 0.0) for r in rs)}
                row = results[model][mode]
                print(f"{model:9s} {mode:22s} {row["median"]:9.1f} {row["unit"]} "
                      f"({row['spread'][0]:.1f}-{row['spread'][1]:.1f})  "
                      f"x{row['ratio']:.3f} ({row['ratio_spread'][0]:.3f}-"
                      f"{row['ratio_spread'][1]:.3f})  trace {row['trace_mb']:.1f} MB",
                      flush=True)
            # After each model: a long run stopped half-way keeps what it measured.
            out.write_text(json.dumps({"repeats": args.repeats, "steps": args.steps,
                                       "results": results}, indent=1))


if __name__ == "__main__":
    main()
