"""What atomic gating costs (janus/graph/atomic.py): bench models under janus with their
updates gated (the default) and with JANUS_GATING=off, which exists for this only.

    bin/janus-python bench/gating_cost.py [--models lenet,resnet,lstm,an,pix2pix]
                                          [--repeats 5] [--steps N]

Both modes run interleaved, in an order that alternates between repetitions, each in a
fresh process; throughput is measured as bench/run.py measures it (steps after the
first third).  Prints, per model and mode, the median throughput (min-max) and the
median of per-repetition ratios gated/ungated, and writes bench/results/gating_cost.json.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from run import bench_report, steady_throughput  # bench/run.py, beside this file

HERE = Path(__file__).resolve().parent
MODES = {"gated": {}, "ungated": {"JANUS_GATING": "off"}}


def run_once(model, mode, steps):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env.update(MODES[mode], JANUS_MODE="on")
    command = [sys.executable, str(HERE / "models" / f"{model}.py"), "--bench"]
    if steps:
        command += ["--steps", str(steps)]
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    report = bench_report(proc)
    if report is None:
        raise RuntimeError(f"{model} ({mode}) failed, exit {proc.returncode}: "
                           f"{proc.stderr[-1000:]}")
    return {"throughput": steady_throughput(report), "unit": report["unit"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="lenet,resnet,lstm,an,pix2pix")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--steps", type=int, default=0, help="0: each model's own")
    args = parser.parse_args()
    results = {}
    out = HERE / "results" / "gating_cost.json"
    for model in args.models.split(","):
        runs = {mode: [] for mode in MODES}
        for repeat in range(args.repeats):
            order = list(MODES) if repeat % 2 == 0 else list(reversed(MODES))
            for mode in order:
                runs[mode].append(run_once(model, mode, args.steps))
        gated = [r["throughput"] for r in runs["gated"]]
        ungated = [r["throughput"] for r in runs["ungated"]]
        ratios = [a / b for a, b in zip(gated, ungated)]
        results[model] = {
            "unit": runs["gated"][0]["unit"],
            **{mode: {"median": statistics.median(t), "spread": [min(t), max(t)], "runs": t}
               for mode, t in (("gated", gated), ("ungated", ungated))},
            "ratio": statistics.median(ratios), "ratio_spread": [min(ratios), max(ratios)],
            "cost_of_medians": 1 - statistics.median(gated) / statistics.median(ungated)}
        row = results[model]
        print(f"{model:8s} gated {row['gated']['median']:9.1f} "
              f"({row['gated']['spread'][0]:.1f}-{row['gated']['spread'][1]:.1f})  "
              f"ungated {row['ungated']['median']:9.1f} "
              f"({row['ungated']['spread'][0]:.1f}-{row['ungated']['spread'][1]:.1f}) "
              f"{row['unit']}  gated/ungated x{row['ratio']:.3f} "
              f"({row['ratio_spread'][0]:.3f}-{row['ratio_spread'][1]:.3f})  "
              f"cost of the medians {100 * row['cost_of_medians']:+.1f} %", flush=True)
        # After each model: a long run stopped half-way keeps what it measured.
        out.write_text(json.dumps({"repeats": args.repeats, "steps": args.steps,
                                   "results": results}, indent=1))


if __name__ == "__main__":
    main()
