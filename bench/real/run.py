"""Published TF2 programs, eager vs tf.function vs XLA vs janus: bench/results/real.*

    bin/janus-python bench/real/run.py [--programs a,b] [--repeats 5] [--onednn both|on|off]
    (or: make bench-real [REAL=a,b] [REPEATS=5])

Every program in bench/real/ (a port of a public tutorial; its docstring says what was
changed) runs as its own process in four modes:
  eager     JANUS_MODE=off, the step as the tutorial would run without tf.function
  function  JANUS_MODE=off, the step in tf.function (as the tutorial publishes it)
  xla       JANUS_MODE=off, the step in tf.function(jit_compile=True)
  janus     JANUS_MODE=on, the plain eager step (JANUS_STATS and JANUS_LOG=1 read)
each under TF's defaults (oneDNN on) and with TF_ENABLE_ONEDNN_OPTS=0 (--onednn both).
--graph-numerics adds a fifth mode, janus_graph: janus with JANUS_NUMERICS=graph (TF's
float-changing graph rewrites on, as a tf.function has them), to tell how much of a
janus÷function gap eager's numerics cost.
Each repetition runs every mode once, in an order that rotates between repetitions
(and the two oneDNN settings alternate which goes first), so that machine noise falls
on all modes alike.  A mode that fails (e.g. XLA cannot compile the step) is recorded
with its error and not run again for that program and setting.

Per program, setting and mode:
  step_s        median over repetitions of the per-repetition median step time of the
                timed steps (the warm-up steps excluded), with [min, max] over
                repetitions; mean_step_s the same of the per-repetition mean (it keeps
                the rare slow steps: builds, the tutorial's periodic prints; the
                work between epochs is not timed: Meter.restart in each port);
  janus/x       janus's median step time over mode x's, per repetition, then the median
                and [min, max] of those ratios;
  loss          the final loss each program reports (same seed in every mode); for
                janus the relative difference from eager's in the same repetition, next
                to eager's own spread over repetitions (its noise: threaded reductions
                are not bit-reproducible);
  janus         from JANUS_STATS: per step function (the one the tutorial decorates),
                calls, graph calls, graphs built, build seconds (not in the step time),
                status and reason when not converted; from janus.stats() read at the
                start and end of the timed window (bench/real/common.py): graph calls
                and builds inside the window; from JANUS_LOG's time stamps: which timed
                steps a graph build fell in.  Functions janus took over from their TF ops
                (no tape) are listed apart.
Writes real.json (every run's step times included) and real.md.
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
from datetime import datetime
from pathlib import Path

from janus.observe import explain

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PROGRAMS = ["quickstart_advanced", "pix2pix", "nmt_attention", "dcgan", "transformer",
            "gat", "word2vec_nce", "actor_critic"]
MODES = ["eager", "function", "xla", "janus"]
# Optional modes (--graph-numerics, --xla): janus with other switches, in the same
# rotation.
EXTRA_MODES = {"janus_graph": {"JANUS_NUMERICS": "graph"}, "janus_xla": {"JANUS_XLA": "on"}}
ONEDNN = {"on": None, "off": "0"}          # None: TF's default, the variable unset
BUILT = re.compile(r"janus: (\S+): built graph \d+ in [\d.]+ s total \[t=([\d.]+)\]")
TAKEN_OVER = "taken over: ran TensorFlow ops"


def last_error(stderr, returncode):
    """The line that says why a process failed: the exception (without its module path
    and XLA's attribute blob), else the last line."""
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for line in reversed(lines):
        if re.match(r"^[\w.]+(Error|Exception|Exit)\b.*:", line) or \
                line.startswith("bench/real:"):
            line = re.sub(r"^(?:\w+\.)+(?=\w+(?:Error|Exception|Exit)\b)", "", line)
            line = re.sub(r"\[_XlaMustCompile=[^\]]*\]", "", line)
            return line[:400]
    return (lines[-1][:400] if lines else "no output") + f" (exit {returncode})"


def run_once(program, mode, onednn, tmp, timeout):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("JANUS_") and k != "TF_ENABLE_ONEDNN_OPTS"}
    janus_like = mode == "janus" or mode in EXTRA_MODES
    env["JANUS_MODE"] = "on" if janus_like else "off"
    env.update(EXTRA_MODES.get(mode, {}))
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    if ONEDNN[onednn] is not None:
        env["TF_ENABLE_ONEDNN_OPTS"] = ONEDNN[onednn]
    stats_path = Path(tmp) / f"stats-{program}-{onednn}-{mode}.json"
    if stats_path.exists():
        stats_path.unlink()
    if janus_like:
        env.update(JANUS_STATS=str(stats_path), JANUS_LOG="1")
    launched = time.time()
    try:
        proc = subprocess.run([sys.executable, str(HERE / f"{program}.py"), "--mode",
                               "janus" if janus_like else mode],
                              env=env, capture_output=True, text=True, timeout=timeout,
                              cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout} s", "retry": True,
                "process_s": time.time() - launched}
    process_s = time.time() - launched
    lines = [l for l in proc.stdout.splitlines() if l.startswith("REAL ")]
    if proc.returncode != 0 or not lines:
        return {"error": last_error(proc.stderr, proc.returncode), "retry": False,
                "process_s": process_s}
    report = json.loads(lines[-1][len("REAL "):])
    times = report["step_times"]
    result = {"error": None, "process_s": round(process_s, 3),
              "median_s": statistics.median(times) if times else None,
              "mean_s": statistics.fmean(times) if times else None,
              "final_loss": report["final_loss"], "unit": report["unit"],
              "warmup": report["warmup"], "steps": report["steps"],
              "step_times": [round(t, 6) for t in times],
              "warmup_times": [round(t, 6) for t in report["warmup_times"]],
              "items": report["items"] if any(i is not None for i in report["items"])
              else None,
              "tf": report.get("tf")}
    if janus_like:
        result["janus"] = janus_summary(report, proc.stderr, stats_path)
        built = {m["step"] for m in result["janus"].get("timed_steps_with_builds", [])}
        clean = [t for i, t in enumerate(times) if i not in built]
        result["median_s_without_builds"] = statistics.median(clean) if clean else None
    return result


def janus_summary(report, stderr, stats_path):
    """What janus did: per step function (JANUS_STATS), inside the timed window
    (janus.stats() deltas), and which timed steps a build fell in (JANUS_LOG)."""
    try:
        stats = json.loads(Path(stats_path).read_text())["functions"]
    except (OSError, ValueError, KeyError) as exc:
        return {"error": f"no JANUS_STATS report: {exc}"}
    step_name = report["step_function"]
    wanted = {(d["name"], d["line"]) for d in report["decorated"] if d["name"] == step_name}
    decorated = {(d["name"], d["line"]) for d in report["decorated"]}
    steps, others, decorated_others = [], [], []
    step_sites = [f for f in stats if (f.get("site_of") or {}).get("name") == step_name]
    for f in stats:
        if f.get("site_of"):
            continue
        entry = {k: f.get(k) for k in ("name", "line", "calls", "graph_calls",
                                       "graphs_built", "build_seconds", "fallbacks",
                                       "guard_misses", "status", "not_converted",
                                       "eager_ops")}
        entry["reasons"] = dict(list(f.get("reasons", {}).items())[:6])
        key = (f["name"], f["line"])
        if key in wanted:
            steps.append(entry)
        elif key in decorated:
            decorated_others.append(entry)
        else:
            others.append(entry)
    calls = sum(f["calls"] for f in steps)
    graph_calls = sum(f["graph_calls"] for f in steps)
    # The timed window: janus.stats() before and after it, keyed "qualname (file:line)".
    window = report.get("janus_window") or {}
    step_keys = [k for k in window if k.split(" (")[0] == step_name]
    w_calls = sum(window[k]["calls"] for k in step_keys)
    w_graph = sum(window[k]["graph_runs"] for k in step_keys)
    w_builds = {k.split(" (")[0]: window[k]["builds"] for k in window if window[k]["builds"]}
    # Which timed steps a build fell in: step i spans (ends[i-1], ends[i]].
    ends = report["ends"]
    warmup = report["warmup"]
    marked = []
    for name, stamp in BUILT.findall(stderr):
        t = float(stamp)
        for i in range(warmup, len(ends)):
            if (ends[i - 1] if i else report["started"]) < t <= ends[i]:
                marked.append({"step": i - warmup, "function": name})
                break
    return {
        "step_function": step_name,
        "step_functions": steps,
        "decorated_others": [{"name": f["name"], "calls": f["calls"],
                              "graph_calls": f["graph_calls"],
                              "graphs_built": f["graphs_built"], "status": f["status"]}
                             for f in decorated_others],
        "graph_fraction": graph_calls / calls if calls else None,
        # A co-executed step: the share of its TF ops that ran in its sites' graphs.
        "site_op_fraction": _site_op_fraction(steps, step_sites),
        "site_builds": sum(site["graphs_built"] for site in step_sites),
        "builds": sum(f["graphs_built"] for f in steps),
        "build_s": round(sum(f["build_seconds"] or 0 for f in steps), 3),
        "window_graph_fraction": w_graph / w_calls if w_calls else None,
        "window_builds": w_builds,
        "timed_steps_with_builds": marked,
        "status": "; ".join(sorted({f["status"] for f in steps})) or "not seen",
        "taken_over": [{"name": f["name"], "graph_calls": f["graph_calls"],
                        "calls": f["calls"], "status": f["status"]}
                       for f in others if any(r.startswith(TAKEN_OVER) for r in f["reasons"])],
        "others": [{"name": f["name"], "calls": f["calls"], "graph_calls": f["graph_calls"],
                    "status": f["status"]} for f in others
                   if not any(r.startswith(TAKEN_OVER) for r in f["reasons"])],
    }


def _site_op_fraction(steps, sites):
    if not sites:
        return None
    graph_ops = eager = 0
    for step in steps:
        own = [site for site in sites if site["site_of"]["line"] == step["line"]]
        g, e = explain.ops_in_graphs(step, own)
        graph_ops, eager = graph_ops + g, eager + e
    return graph_ops / (graph_ops + eager) if graph_ops + eager else None


def spread(values):
    values = [v for v in values if v is not None]
    if not values:
        return None, None
    return statistics.median(values), [min(values), max(values)]


def rel(a, b):
    if a is None or b is None:
        return None
    return abs(a - b) / max(abs(b), 1e-12)


def summarise(runs):
    """runs[mode] = one result per repetition (errors included)."""
    out = {}
    for mode in runs:
        ok = [r for r in runs[mode] if not r.get("error")]
        errors = [r["error"] for r in runs[mode] if r.get("error")]
        entry = {"repetitions": len(ok), "error": errors[0] if errors else None}
        if ok:
            entry["step_s"], entry["step_spread"] = spread([r["median_s"] for r in ok])
            entry["mean_step_s"], entry["mean_spread"] = spread([r["mean_s"] for r in ok])
            entry["process_s"], _ = spread([r["process_s"] for r in ok])
            entry["final_losses"] = [r["final_loss"] for r in ok]
            entry["unit"] = ok[0]["unit"]
            items = [i for r in ok if r.get("items") for i in r["items"][r["warmup"]:]
                     if i is not None]
            if items:
                entry["items_per_step"] = statistics.fmean(items)
        if mode == "janus" and ok:
            j = [r["janus"] for r in ok if "janus" in r and "error" not in r["janus"]]
            if j:
                first = j[0]
                entry["step_s_without_builds"], _ = spread(
                    [r.get("median_s_without_builds") for r in ok])
                entry["janus"] = {
                    "graph_fraction": spread([x["graph_fraction"] for x in j])[0],
                    "site_op_fraction": spread([x.get("site_op_fraction") for x in j])[0],
                    "site_builds": spread([x.get("site_builds", 0) for x in j])[0],
                    "window_graph_fraction": spread([x["window_graph_fraction"]
                                                     for x in j])[0],
                    "builds": spread([x["builds"] for x in j])[0],
                    "build_s": spread([x["build_s"] for x in j])[0],
                    "window_builds": [x["window_builds"] for x in j],
                    "timed_steps_with_builds": [len(x["timed_steps_with_builds"])
                                                for x in j],
                    "status": first["status"],
                    "not_converted": sorted({f["not_converted"] for x in j
                                             for f in x["step_functions"]
                                             if f["not_converted"]}),
                    "step_function": first["step_function"],
                    "decorated_others": first["decorated_others"],
                    "taken_over": first["taken_over"], "others": first["others"][:5],
                    "step_functions": first["step_functions"]}
        out[mode] = entry
    # Ratios per repetition (same repetition, same machine moment), then medianed.
    reps = max((r["repetition"] for m in runs for r in runs[m]), default=0)

    def at(mode, i, key):
        r = next((r for r in runs[mode] if r["repetition"] == i + 1), None)
        return None if r is None or r.get("error") else r[key]

    for other in ("eager", "function", "xla"):
        ratios = [at("janus", i, "median_s") / at(other, i, "median_s") for i in range(reps)
                  if at("janus", i, "median_s") and at(other, i, "median_s")]
        out[f"janus/{other}"], out[f"janus/{other}_spread"] = spread(ratios)
    for extra in EXTRA_MODES:
        if extra not in runs:
            continue
        for other in ("function", "xla", "janus"):
            ratios = [at(extra, i, "median_s") / at(other, i, "median_s")
                      for i in range(reps)
                      if at(extra, i, "median_s") and at(other, i, "median_s")]
            out[f"{extra}/{other}"], out[f"{extra}/{other}_spread"] = spread(ratios)
        diffs = [rel(at(extra, i, "final_loss"), at("eager", i, "final_loss"))
                 for i in range(reps)]
        out[f"loss_rel_diff_{extra}_eager"] = max([d for d in diffs if d is not None],
                                                  default=None)
        # Why janus built a step's graph without XLA (JANUS_XLA=on), as JANUS_STATS says.
        out[f"{extra}_without_xla"] = sorted({
            reason for r in runs[extra] if not r.get("error") and "janus" in r
            for f in r["janus"].get("step_functions", [])
            for reason in f.get("reasons", {}) if "XLA" in reason})
    diffs = [rel(at("janus", i, "final_loss"), at("eager", i, "final_loss"))
             for i in range(reps)]
    out["loss_rel_diff_janus_eager"] = max([d for d in diffs if d is not None], default=None)
    eager_losses = [at("eager", i, "final_loss") for i in range(reps)]
    eager_losses = [l for l in eager_losses if l is not None]
    out["loss_rel_spread_eager"] = (max(rel(l, eager_losses[0]) for l in eager_losses)
                                    if eager_losses else None)
    diffs_fn = [rel(at("function", i, "final_loss"), at("eager", i, "final_loss"))
                for i in range(reps)]
    out["loss_rel_diff_function_eager"] = max([d for d in diffs_fn if d is not None],
                                              default=None)
    return out


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def git_commit():
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "bench/real"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        return head + (" (bench/real modified)" if dirty else "")
    except OSError:
        return "unknown"


def fmt_s(value, spread_=None):
    if value is None:
        return "—"
    ms = value * 1e3
    text = f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"
    if spread_:
        lo, hi = (x * 1e3 for x in spread_)
        text += f" [{lo:.1f}–{hi:.1f}]" if hi < 100 else f" [{lo:.0f}–{hi:.0f}]"
    return text


def fmt_ratio(value, spread_=None):
    if value is None:
        return "—"
    text = f"{value:.2f}x"
    if spread_ and spread_[0] != spread_[1]:
        text += f" [{spread_[0]:.2f}–{spread_[1]:.2f}]"
    return text


def fmt_e(value):
    return "—" if value is None else f"{value:.1e}"


def markdown(results):
    m = results["machine"]
    lines = [
        "# Published TF2 programs: eager, tf.function, XLA, janus",
        "",
        f"Measured {results['date']} on {m['cpu']}, {m['cores']} cores ({m['platform']}), "
        f"TensorFlow {m['tf']}, commit {results['commit']}; load average "
        f"{results['load_before']} before, {results['load_after']} after. "
        f"{results['repeats']} interleaved repetition{'s' if results['repeats'] != 1 else ''}, "
        f"{results['duration_min']:.0f} min.",
        "",
        f"Reproduce: `{results['command']}`  ",
        f"(or `make bench-real REAL={','.join(results['programs'])} "
        f"REPEATS={results['repeats']}`; sources and changes: bench/real/<program>.py)",
        "",
        "Step times in ms: median over repetitions of each repetition's median timed step "
        "[min–max over repetitions]; janus÷x: ratios of step times (below 1: janus is "
        "faster), per repetition, then medianed [min–max]. "
        "Build time is not in the step time (see builds). "
        "janus graph: the training step's graph calls / calls over the whole run "
        "(and inside the timed window); builds: graphs built for the step and their "
        "seconds [graph builds of any function that fell in a timed step, per "
        "repetition]; loss: largest |janus − eager| / |eager| of the final loss over "
        "repetitions, next to eager's own spread over repetitions.",
    ]
    for onednn, programs in results["settings"].items():
        label = {"on": "TF defaults (oneDNN on)",
                 "off": "TF_ENABLE_ONEDNN_OPTS=0"}[onednn]
        lines += ["", f"## {label}", "",
                  "| program | eager | function | xla | janus | janus÷eager | "
                  "janus÷function | janus÷xla | janus graph | builds | loss janus (eager) |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        notes = []
        for program, s in programs.items():
            cells = []
            for mode in MODES:
                e = s[mode]
                if e.get("step_s") is None:
                    cells.append("fails")
                else:
                    cells.append(fmt_s(e["step_s"], e["step_spread"]))
                if e.get("error"):
                    error = e["error"] if len(e["error"]) < 240 else e["error"][:237] + "..."
                    notes.append(f"- **{program}**, {mode} fails: {error}")
            j = s["janus"].get("janus") or {}
            graph = "—"
            if j.get("graph_fraction") is not None:
                graph = f"{j['graph_fraction']:.0%}"
                if j.get("window_graph_fraction") is not None:
                    graph += f" ({j['window_graph_fraction']:.0%})"
            if j.get("site_op_fraction") is not None:
                graph += f"; co-executed: {j['site_op_fraction']:.0%} of TF ops in graphs"
            builds = "—"
            if j.get("builds") is not None:
                builds = f"{j['builds']:g}, {j['build_s']:.1f} s"
                inside = j.get("timed_steps_with_builds") or []
                if any(inside):
                    builds += f" [{'/'.join(map(str, inside))} timed]"
            unit = s["eager"].get("unit") or s["janus"].get("unit") or "step"
            name = program if unit == "step" else f"{program} (per {unit})"
            items = s["eager"].get("items_per_step") or s["janus"].get("items_per_step")
            if unit != "step" and items:
                name = f"{program} (per {unit}, {items:.0f} env steps on average)"
            lines.append(
                f"| {name} | " + " | ".join(cells) +
                f" | {fmt_ratio(s['janus/eager'], s['janus/eager_spread'])}"
                f" | {fmt_ratio(s['janus/function'], s['janus/function_spread'])}"
                f" | {fmt_ratio(s['janus/xla'], s['janus/xla_spread'])}"
                f" | {graph} | {builds}"
                f" | {fmt_e(s['loss_rel_diff_janus_eager'])} "
                f"({fmt_e(s['loss_rel_spread_eager'])}) |")
            if j.get("not_converted"):
                notes.append(f"- **{program}**, janus left the step to the interpreter: "
                             + "; ".join(j["not_converted"]))
            elif j.get("status") and j["status"] != "converted":
                notes.append(f"- **{program}**, janus step status: {j['status']}")
            for d in j.get("decorated_others", []):
                notes.append(f"- **{program}**, `{d['name']}` (also decorated in the "
                             f"tutorial, not the timed step) under janus: "
                             f"{d['graph_calls']}/{d['calls']} graph calls, "
                             f"{d['graphs_built']} graphs built ({d['status']})")
            for t in j.get("taken_over", []):
                notes.append(f"- **{program}**, janus took over `{t['name']}` from its TF "
                             f"ops: {t['graph_calls']}/{t['calls']} graph calls "
                             f"({t['status']})")
            clean = s["janus"].get("step_s_without_builds")
            if any(j.get("timed_steps_with_builds") or []) and clean is not None:
                notes.append(f"- **{program}**, janus's median step without the timed "
                             f"steps that built a graph: {fmt_s(clean)} ms")
            window = [w for w in j.get("window_builds", []) if w]
            if window:
                notes.append(f"- **{program}**, graphs built inside the timed window "
                             f"(per repetition): " + "; ".join(
                                 ", ".join(f"{k} {v}" for k, v in w.items()) for w in window))
        if notes:
            lines += ["", *notes]
        lines += _extra_sections(programs, label)
    return "\n".join(lines) + "\n"


_EXTRA_TITLES = {
    "janus_graph": ("janus with TF's graph rewrites", "janus, graph numerics",
                    "`JANUS_NUMERICS=graph` (Grappler's arithmetic optimizer, constant "
                    "folding and remapper on, as for a tf.function; the default turns "
                    "them off for eager's floats bit for bit), in the same rotation:"),
    "janus_xla": ("janus compiling with XLA", "janus, XLA",
                  "`JANUS_XLA=on` (janus's graphs compiled with XLA where janus keeps all "
                  "or nothing there; floats are then XLA's), in the same rotation:"),
}


def _extra_sections(programs, label):
    lines = []
    for extra, (title, column, text) in _EXTRA_TITLES.items():
        chosen = {p: s for p, s in programs.items() if extra in s}
        if not chosen:
            continue
        lines += ["", f"### {title} ({label})", "", text, "",
                  f"| program | janus | {column} | ÷janus | ÷function | ÷xla "
                  "| loss (vs eager) |", "|---|---|---|---|---|---|---|"]
        notes = []
        for program, s in chosen.items():
            e, g = s["janus"], s[extra]
            lines.append(
                f"| {program} | {fmt_s(e['step_s'], e['step_spread'])} | "
                f"{fmt_s(g['step_s'], g['step_spread'])} | "
                f"{fmt_ratio(s[f'{extra}/janus'], s[f'{extra}/janus_spread'])} | "
                f"{fmt_ratio(s[f'{extra}/function'], s[f'{extra}/function_spread'])} | "
                f"{fmt_ratio(s[f'{extra}/xla'], s[f'{extra}/xla_spread'])}"
                f" | {fmt_e(s[f'loss_rel_diff_{extra}_eager'])} |"
                if e.get("step_s") and g.get("step_s") else
                f"| {program} | — | — | — | — | — | — |")
            for reason in s.get(f"{extra}_without_xla", []):
                notes.append(f"- **{program}**: {reason}")
        if notes:
            lines += ["", *notes]
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--programs", default=",".join(PROGRAMS))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--graph-numerics", action="store_true",
                        help="also run janus with JANUS_NUMERICS=graph (a fifth mode)")
    parser.add_argument("--xla", action="store_true",
                        help="also run janus with JANUS_XLA=on (another mode)")
    parser.add_argument("--onednn", choices=["both", "on", "off"], default="both")
    parser.add_argument("--out", default=str(ROOT / "bench" / "results"))
    parser.add_argument("--timeout", type=int, default=900,
                        help="seconds before one process is stopped (default 900)")
    parser.add_argument("--merge", action="store_true",
                        help="replace only these programs' rows in an existing real.json")
    args = parser.parse_args()
    chosen = [p.strip() for p in args.programs.split(",") if p.strip()]
    unknown = [p for p in chosen if p not in PROGRAMS]
    if unknown:
        sys.exit(f"bench/real/run.py: unknown program(s) {', '.join(unknown)}; "
                 f"choose from {', '.join(PROGRAMS)}")
    settings = ["on", "off"] if args.onednn == "both" else [args.onednn]
    started = time.time()
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    modes = MODES + (["janus_graph"] if args.graph_numerics else []) + \
        (["janus_xla"] if args.xla else [])
    runs = {s: {p: {m: [] for m in modes} for p in chosen} for s in settings}
    skip = {s: {p: set() for p in chosen} for s in settings}
    tf_version = None
    with tempfile.TemporaryDirectory() as tmp:
        for program in chosen:
            for r in range(args.repeats):
                order = modes[r % len(modes):] + modes[:r % len(modes)]
                for setting in (settings if r % 2 == 0 else settings[::-1]):
                    for mode in order:
                        if mode in skip[setting][program]:
                            continue
                        result = run_once(program, mode, setting, tmp, args.timeout)
                        result["repetition"] = r + 1
                        runs[setting][program][mode].append(result)
                        if result.get("error") and not result.get("retry"):
                            skip[setting][program].add(mode)
                        tf_version = tf_version or result.get("tf")
                        what = (f"median {result['median_s'] * 1e3:.1f} ms, "
                                f"{result['process_s']:.0f} s process"
                                if not result.get("error") else f"error: {result['error']}")
                        if "janus" in result:
                            gf = result["janus"].get("graph_fraction")
                            what += (f", graph {gf:.0%}" if gf is not None else "") + \
                                f", {result['janus'].get('status')}"
                        print(f"[{time.time() - started:6.0f}s] {program} oneDNN {setting} "
                              f"{mode} rep {r + 1}: {what}", flush=True)
    results = {
        "date": datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": {"cpu": cpu_model(), "cores": os.cpu_count(),
                    "platform": f"{platform.system()} {platform.machine()}",
                    "node": platform.node(), "tf": tf_version,
                    "python": platform.python_version()},
        "commit": git_commit(),
        "command": (f"bin/janus-python bench/real/run.py --programs {','.join(chosen)} "
                    f"--repeats {args.repeats} --onednn {args.onednn}"
                    + (" --graph-numerics" if args.graph_numerics else "")
                    + (" --xla" if args.xla else "")),
        "programs": chosen, "repeats": args.repeats, "onednn": args.onednn,
        "load_before": load_before,
        "load_after": " ".join(f"{x:.2f}" for x in os.getloadavg()),
        "duration_min": (time.time() - started) / 60,
        "settings": {s: {p: summarise(runs[s][p]) for p in chosen} for s in settings},
        "runs": runs,
    }
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.merge and (out / "real.json").exists():
        previous = json.loads((out / "real.json").read_text())
        merge(previous, results)
        # One date per re-measured row, the latest (a row merged twice is dated once).
        dates = {**previous.get("row_dates", {}), **dict.fromkeys(chosen, results["date"])}
        results["row_dates"] = dates
        by_date = {}
        for program, when in dates.items():
            by_date.setdefault(when, []).append(program)
        results["date"] = previous.get("date", "").split(" (rows ")[0] + "".join(
            f" (rows {', '.join(programs)}: {when})" for when, programs in by_date.items())
    (out / "real.json").write_text(json.dumps(results, indent=1))
    (out / "real.md").write_text(markdown(results))
    print((out / "real.md").read_text())


def merge(previous, results):
    """`results` with the rows of `previous` it did not re-measure: every setting and
    program of either, this run's rows where both have one."""
    for s in ONEDNN:
        if s not in previous.get("settings", {}) and s not in results["settings"]:
            continue
        merged = dict(previous.get("settings", {}).get(s, {}))
        merged.update(results["settings"].get(s, {}))
        results["settings"][s] = {p: merged[p] for p in PROGRAMS if p in merged}
        runs_merged = dict(previous.get("runs", {}).get(s, {}))
        runs_merged.update(results["runs"].get(s, {}))
        results["runs"][s] = runs_merged
    results["settings"] = {s: results["settings"][s] for s in ONEDNN if s in results["settings"]}
    results["programs"] = [p for p in PROGRAMS
                           if any(p in rows for rows in results["settings"].values())]
    if len(results["settings"]) == len(ONEDNN):
        results["onednn"] = "both"


if __name__ == "__main__":
    main()
