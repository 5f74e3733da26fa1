"""TreeRNN throughput by tree shape and batch size (the shape of the thesis' Table 5.1),
plus deep linear trees: janus (recursive graphs) against eager (JANUS_MODE=off).

    JANUS_MODE=off bin/janus-python bench/tree_shapes.py [--repeats 3] [--instances 50]

Each repetition runs one process per mode (the order alternates); inside it, the same
TreeRNN trains on the same 32-word stdlib sentences shaped as balanced, moderate and
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
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHAPES = ("balanced", "moderate", "linear")
BATCHES = (1, 10, 25)
DEPTHS = (1000, 2000)
WORDS = 32


def worker(instances, warmup):
    sys.path.insert(0, str(HERE / "models"))
    sys.setrecursionlimit(100_000)        # eager Python recursion over deep trees
    import numpy as np
    import tensorflow as tf
    import trees
    from treernn import TreeRNN

    def words_stream():
        sentences = trees.sentences(400, seed=3)
        flat = []
        for tree, _ in sentences:
            stack = [tree]
            while stack:
                node = stack.pop()
                if node.is_leaf:
                    flat.append(node.word)
                else:
                    stack += [node.right, node.left]
        return flat

    def shaped(words, shape):
        if len(words) == 1:
            return trees.Node(word=words[0])
        cut = {"balanced": len(words) // 2, "moderate": max(1, len(words) // 4),
               "linear": len(words) - 1}[shape]
        return trees.Node(left=shaped(words[:cut], shape), right=shaped(words[cut:], shape))

    def linear(words):
        node = trees.Node(word=words[0])
        for word in words[1:]:
            node = trees.Node(left=node, right=trees.Node(word=word))
        return node

    def train_batch(model, optimizer, batch, labels):
        with tf.GradientTape() as tape:
            logits = model.classify(tf.concat([model.encode(t) for t in batch], axis=0))
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                labels=labels, logits=logits))
        variables = model.variables()
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    tf.keras.utils.set_random_seed(0)
    words = words_stream()
    model, optimizer = TreeRNN(), tf.keras.optimizers.Adam(0.01)
    rows, depth_rows = [], []
    for batch in BATCHES:
        for shape in SHAPES:
            steps = max(2, -(-instances // batch)) + warmup
            starts = []
            for step in range(steps):
                at = (step * batch * WORDS) % (len(words) - batch * WORDS)
                batch_trees = [shaped(words[at + i * WORDS: at + (i + 1) * WORDS], shape)
                               for i in range(batch)]
                labels = np.array([(at // WORDS + i) % 3 for i in range(batch)], np.int32)
                starts.append(time.perf_counter())
                float(train_batch(model, optimizer, batch_trees, labels))
            starts.append(time.perf_counter())
            timed = starts[warmup:]
            rate = batch * (len(timed) - 1) / (timed[-1] - timed[0])
            rows.append({"batch": batch, "shape": shape, "instances_per_s": rate})
    for depth in DEPTHS:
        tree = linear(words[:depth])
        times = []
        for _ in range(3):
            started = time.perf_counter()
            float(train_batch(model, optimizer, [tree], np.array([0], np.int32)))
            times.append(time.perf_counter() - started)
        depth_rows.append({"depth": depth, "first_s": times[0], "next_s": min(times[1:])})
    print("TREES " + json.dumps({"rows": rows, "depths": depth_rows}))


def spread(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--instances", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=4)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.instances, args.warmup)
    runs = {"janus": [], "eager": []}
    for repeat in range(args.repeats):
        order = ("janus", "eager") if repeat % 2 == 0 else ("eager", "janus")
        for mode in order:
            env = dict(os.environ, JANUS_MODE="on" if mode == "janus" else "off")
            out = subprocess.run([sys.executable, __file__, "--worker", "--instances",
                                  str(args.instances), "--warmup", str(args.warmup)],
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
