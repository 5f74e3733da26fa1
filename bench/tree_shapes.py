"""TreeRNN throughput by tree shape and batch size (the shape of the thesis' Table 5.1),
plus deep linear trees: janus (recursive graphs) against eager (JANUS_MODE=off).

    JANUS_MODE=off bin/janus-python bench/tree_shapes.py [--repeats 3] [--instances 50]

Each repetition runs models/treernn_shapes.py once per mode (the order alternates):
the same TreeRNN trains on the same 32-word stdlib sentences shaped as balanced, moderate and
linear binary trees (63 nodes each), at batch sizes 1, 10 and 25.  Throughput is
instances/s over the instances after a warm-up.  The depth rows time single linear
trees of 1,000 and 2,000 leaves: the first call at a new depth and the next calls.
Writes bench/results/tree_shapes.{json,md}.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = ("balanced", "moderate", "linear")      # as in models/treernn_shapes.py
BATCHES = (1, 10, 25)
DEPTHS = (1000, 2000)


def spread(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--instances", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=4)
    args = parser.parse_args()
    runs = {"janus": [], "eager": []}
    for repeat in range(args.repeats):
        order = ("janus", "eager") if repeat % 2 == 0 else ("eager", "janus")
        for mode in order:
            env = dict(os.environ, JANUS_MODE="on" if mode == "janus" else "off")
            out = subprocess.run([sys.executable, str(HERE / "models" / "treernn_shapes.py"),
                                  "--instances", str(args.instances), "--warmup",
                                  str(args.warmup)],
                                 env=env, capture_output=True, text=True)
            line = next((l for l in out.stdout.splitlines() if l.startswith("TREES ")), None)
            if line is None:
                sys.exit(f"{mode} worker failed:\n{out.stderr[-3000:]}")
            runs[mode].append(json.loads(line[6:]))
            print(f"repeat {repeat + 1} {mode} done", file=sys.stderr)
    table = []
    for batch in BATCHES:
        for shape in SHAPES:
            entry = {"batch": batch, "shape": shape}
            for mode in runs:
                entry[mode] = spread([next(r["instances_per_s"] for r in run["rows"]
                                           if r["batch"] == batch and r["shape"] == shape)
                                      for run in runs[mode]])
            entry["janus_over_eager"] = spread(
                [a / b for a, b in zip(*[[next(r["instances_per_s"] for r in run["rows"]
                                               if r["batch"] == batch and r["shape"] == shape)
                                          for run in runs[mode]] for mode in ("janus", "eager")])])
            table.append(entry)
    depths = []
    for depth in DEPTHS:
        entry = {"depth": depth}
        for mode in runs:
            for key in ("first_s", "next_s"):
                entry[f"{mode}_{key}"] = spread([next(d[key] for d in run["depths"]
                                                      if d["depth"] == depth)
                                                 for run in runs[mode]])
        depths.append(entry)
    result = {"repeats": args.repeats, "instances": args.instances, "table": table,
              "depths": depths}
    out_dir = HERE / "results"
    out_dir.mkdir(exist_ok=True)
    (out_dir / "tree_shapes.json").write_text(json.dumps(result, indent=1))
    (out_dir / "tree_shapes.md").write_text(markdown(result))
    print(markdown(result))


def markdown(result):
    def cell(s):
        return f"{s['median']:.1f} ({s['min']:.1f}-{s['max']:.1f})"
    lines = [f"TreeRNN training throughput, instances/s: median (min-max) of "
             f"{result['repeats']} runs; 32-word sentences (63 nodes per tree).", "",
             "| batch | shape | janus | eager | janus/eager |", "|---|---|---|---|---|"]
    for e in result["table"]:
        lines.append(f"| {e['batch']} | {e['shape']} | {cell(e['janus'])} | "
                     f"{cell(e['eager'])} | {e['janus_over_eager']['median']:.2f}x "
                     f"({e['janus_over_eager']['min']:.2f}-{e['janus_over_eager']['max']:.2f}) |")
    lines += ["", "Linear trees, one per step (seconds per training step, median):", "",
              "| leaves | janus first call | janus next | eager first | eager next |",
              "|---|---|---|---|---|"]
    for d in result["depths"]:
        lines.append(f"| {d['depth']} | {d['janus_first_s']['median']:.2f} | "
                     f"{d['janus_next_s']['median']:.3f} | {d['eager_first_s']['median']:.2f} | "
                     f"{d['eager_next_s']['median']:.3f} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
