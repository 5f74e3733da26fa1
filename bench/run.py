"""The paper's models, eager vs tf.function vs defun vs janus: bench/results/latest.*

    bin/janus-python bench/run.py [--models lenet,lstm] [--repeats 5]   (or: make bench)

Every model in bench/models/ runs as its own process in four modes:
  eager     JANUS_MODE=off
  function  JANUS_MODE=off, the step wrapped in tf.function (AutoGraph on)
  trace     JANUS_MODE=off, tf.function(autograph=False): the paper's defun
  janus     bin/janus-python, default settings
Each repetition runs every mode once, in an order that rotates between repetitions, so
machine noise falls on all modes alike.  Reported per model and mode:
  throughput      median over repetitions of items/s over the steps after the first
                  third (warm-up, profiling and building excluded), with min-max spread;
  first_graph_s   median seconds from process launch to the end of the first step that
                  ran as a graph (eager: the first step; janus: the first step after
                  its first graph was built, from JANUS_LOG's time stamp);
  max_rel_loss_diff  the largest per-step relative loss difference from eager, same
                  seeds (first repetition);
  graph_fraction  janus only: calls of training steps (functions janus found by their
                  GradientTape) that ran as graphs / steps of the run;
  from_ops        janus only: functions taken over from their TF ops (JANUS_HOT_OPS,
                  e.g. acting code) and their [graph calls, calls];
  reproducible    every repetition gave the same per-step losses (same seed);
  error           why a mode could not run the model, else null.
Writes latest.json, latest.md (table with the paper's speedups) and latest.png.
"""

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODELS = ["lenet", "resnet", "inception", "lstm", "lm", "treernn", "treelstm", "a3c",
          "ppo", "an", "pix2pix"]
MODES = ["eager", "function", "trace", "janus"]
# Janus's speedup over eager on one GPU, the paper's Table 3.4 (no LM entry there).
PAPER = {"lenet": 3.25, "lstm": 8.03, "treernn": 47.6, "treelstm": 18.4, "a3c": 5.13,
         "ppo": 2.18, "an": 2.61, "pix2pix": 2.15, "resnet": 1.06, "inception": 1.10}
OPS_TAKE_OVER = "taken over: ran TensorFlow ops"   # janus/run/executor.py's note
BUILT = re.compile(r"built graph \d+ in [\d.]+ s total \[t=([\d.]+)\]")


def bench_report(proc):
    """The last BENCH line a model printed (bench/models/common.py), or None if it
    failed or printed none."""
    lines = [l for l in proc.stdout.splitlines() if l.startswith("BENCH ")]
    if proc.returncode != 0 or not lines:
        return None
    return json.loads(lines[-1][len("BENCH "):])


def steady_throughput(report):
    """Items per second over the steps after the first third (warm-up and builds)."""
    ends, items = report["ends"], report["items"]
    warm = max(1, len(ends) // 3)
    return sum(items[warm:]) / (ends[-1] - ends[warm - 1])


def run_once(model, mode, stats_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("JANUS_")}
    env["JANUS_MODE"] = "on" if mode == "janus" else "off"
    if mode == "janus":
        env.update(JANUS_STATS=str(stats_path), JANUS_LOG="1")
    wrap = {"eager": "none", "janus": "none"}.get(mode, mode)
    launched = time.time()
    proc = subprocess.run([sys.executable, str(HERE / "models" / f"{model}.py"),
                           "--bench", "--wrap", wrap], env=env, capture_output=True, text=True)
    report = bench_report(proc)
    if report is None:
        tail = [l for l in proc.stderr.splitlines() if l.strip()][-1:] or ["no output"]
        return {"error": f"exit {proc.returncode}: {tail[0][:300]}"}
    ends = report["ends"]
    result = {"unit": report["unit"], "losses": report["losses"],
              "throughput": steady_throughput(report),
              "first_graph_s": ends[0] - launched, "graph_fraction": None, "error": None}
    if mode == "janus":
        built = [float(t) for t in BUILT.findall(proc.stderr)]
        after = [e for e in ends if built and e >= built[0]]
        result["first_graph_s"] = after[0] - launched if after else None
        stats = json.loads(Path(stats_path).read_text())
        # Over all steps of the run: after janus gives a function up it no longer
        # sees (or counts) its calls, so its own call count would flatter it.  Only the
        # training steps (found by their tape) count: acting code janus took over from
        # its ops (JANUS_HOT_OPS) runs many calls per step, reported apart.
        from_ops = [f for f in stats["functions"]
                    if any(r.startswith(OPS_TAKE_OVER) for r in f["reasons"])]
        steps = [f for f in stats["functions"] if f not in from_ops]
        result["graph_fraction"] = min(1.0, sum(f["graph_calls"] for f in steps) / len(ends))
        result["from_ops"] = {f["name"]: [f["graph_calls"], f["calls"]] for f in from_ops}
        reasons = [f["not_converted"] for f in stats["functions"] if f["not_converted"]]
        result["not_converted"] = reasons[:3]
    return result


def max_rel_diff(losses, reference):
    if not losses or not reference or len(losses) != len(reference):
        return None
    return max(abs(a - b) / max(abs(b), 1e-12) for a, b in zip(losses, reference))


def summarise(runs, eager_losses):
    errors = [r["error"] for r in runs if r.get("error")]
    if errors:
        return {"throughput": None, "unit": None, "spread": None, "first_graph_s": None,
                "max_rel_loss_diff": None, "graph_fraction": None, "error": errors[0]}
    throughputs = [r["throughput"] for r in runs]
    firsts = [r["first_graph_s"] for r in runs if r["first_graph_s"] is not None]
    out = {"throughput": statistics.median(throughputs), "unit": runs[0]["unit"],
           "spread": [min(throughputs), max(throughputs)],
           "first_graph_s": statistics.median(firsts) if firsts else None,
           "max_rel_loss_diff": max_rel_diff(runs[0]["losses"], eager_losses),
           "graph_fraction": runs[0]["graph_fraction"], "error": None,
           "repetitions": len(runs),
           # Same seed, same losses in every repetition?  (eager: the correctness
           # column depends on it)
           "reproducible": all(r["losses"] == runs[0]["losses"] for r in runs)}
    if "not_converted" in runs[0]:
        out["not_converted"] = runs[0]["not_converted"]
        out["from_ops"] = runs[0]["from_ops"]
    return out


def fmt(value, spec=".1f"):
    return "—" if value is None else format(value, spec)


def markdown(results):
    rows = ["| model | unit | eager | function | trace | janus | janus/eager | "
            "janus/function | paper janus/eager | max rel loss diff janus (function) | "
            "graph calls |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for model, modes in results["models"].items():
        t = {m: modes[m]["throughput"] for m in MODES}
        unit = next((modes[m]["unit"] for m in MODES if modes[m]["unit"]), "")
        cells = [f"{fmt(t[m])}" if t[m] is not None else f"error: {modes[m]['error']}"
                 for m in MODES]
        ratio = lambda a, b: fmt(a / b, ".2f") + "x" if a and b else "—"  # noqa: E731
        janus = modes["janus"]
        rows.append(
            f"| {model} | {unit} | " + " | ".join(cells) +
            f" | {ratio(t['janus'], t['eager'])} | {ratio(t['janus'], t['function'])}"
            f" | {fmt(PAPER.get(model), '.2f')} | {fmt(janus['max_rel_loss_diff'], '.1e')}"
            f" ({fmt(modes['function']['max_rel_loss_diff'], '.1e')})"
            f" | {fmt(janus['graph_fraction'], '.0%')} |")
    notes = [f"- **{model}**: janus left to the interpreter: {'; '.join(m['janus']['not_converted'])}"
             for model, m in results["models"].items() if m["janus"].get("not_converted")]
    notes += [f"- **{model}**: eager losses differ between repetitions with the same seed"
              for model, m in results["models"].items()
              if m["eager"]["throughput"] is not None and not m["eager"]["reproducible"]]
    return "\n".join([f"Measured {results['date']} on {results['machine']}; medians of "
                      f"{results['repeats']} interleaved repetitions (`bench/run.py`).", "",
                      *rows, "", *notes]) + "\n"


def chart(results, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no chart (make bench installs it)")
        return
    models = list(results["models"])
    series = {"janus/eager": [], "function/eager": [], "paper janus/eager": []}
    for model in models:
        t = {m: results["models"][model][m]["throughput"] for m in MODES}
        series["janus/eager"].append(t["janus"] / t["eager"] if t["janus"] and t["eager"] else 0)
        series["function/eager"].append(t["function"] / t["eager"]
                                        if t["function"] and t["eager"] else 0)
        series["paper janus/eager"].append(PAPER.get(model, 0))
    fig, ax = plt.subplots(figsize=(11, 4.5))
    width = 0.27
    for i, (label, values) in enumerate(series.items()):
        positions = [x + (i - 1) * width for x in range(len(models))]
        ax.bar(positions, values, width, label=label)
        for x, value in zip(positions, values):
            if not value and label != "paper janus/eager":
                # A mode that could not run the model: say so, never a silent gap.
                ax.text(x, 1.05, "error (see table)", rotation=90, ha="center",
                        va="bottom", fontsize=7)
    ax.set_xticks(range(len(models)), models)
    ax.set_yscale("log")
    ax.set_ylabel("speedup over eager (log)")
    ax.axhline(1.0, color="grey", linewidth=0.8)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", default=str(HERE / "results"))
    parser.add_argument("--merge", action="store_true",
                        help="replace only these models' rows in the existing latest.json")
    args = parser.parse_args()
    chosen = [m.strip() for m in args.models.split(",") if m.strip()]
    unknown = [m for m in chosen if m not in MODELS]
    if unknown:
        sys.exit(f"bench/run.py: unknown model(s) {', '.join(unknown)}; "
                 f"choose from {', '.join(MODELS)}")
    results = {"machine": f"{platform.node()} {os.cpu_count()} cores {platform.machine()}",
               "date": date.today().isoformat(), "repeats": args.repeats, "models": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for model in chosen:
            runs = {mode: [] for mode in MODES}
            for r in range(args.repeats):
                order = MODES[r % 4:] + MODES[:r % 4]
                for mode in order:
                    runs[mode].append(run_once(model, mode, Path(tmp) / "stats.json"))
                    print(f"{model} {mode} rep {r + 1}: "
                          f"{runs[mode][-1].get('throughput') or runs[mode][-1]['error']}",
                          flush=True)
            eager_losses = next((r["losses"] for r in runs["eager"] if not r.get("error")),
                                None)
            results["models"][model] = {m: summarise(runs[m], eager_losses) for m in MODES}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.merge and (out / "latest.json").exists():
        previous = json.loads((out / "latest.json").read_text())
        merged = {m: results["models"].get(m, previous["models"].get(m)) for m in MODELS
                  if m in results["models"] or m in previous["models"]}
        results["models"] = merged
        base = previous["date"].split(" (rows ")[0]
        results["date"] = (f"{base} (rows {', '.join(chosen)}: {results['date']}, "
                           f"{args.repeats} repetitions)")
        results["repeats"] = previous.get("repeats", results.get("repeats"))
    (out / "latest.json").write_text(json.dumps(results, indent=1))
    (out / "latest.md").write_text(markdown(results))
    chart(results, out / "latest.png")
    print((out / "latest.md").read_text())


if __name__ == "__main__":
    main()
