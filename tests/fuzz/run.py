"""Differential fuzzing of janus: N generated programs → a summary and shrunk reproducers.

  janus-python tests/fuzz/run.py --n 1000 --seed 0 --out build/fuzz
  janus-python tests/fuzz/run.py --check FILE...   (re-check programs, e.g. reproducers)

Each program runs under JANUS_MODE=off and under janus (oracle.py); the two runs of a
program go in parallel, one program at a time (the machine has two cores).  Mismatches,
crashes and hangs are shrunk (shrink.py) and written to OUT/repro/ as standalone files
whose header holds the seed, the plan and the differences.  OUT/summary.json and the
printed summary give the conversion rate, the feature mix and the top reasons for not
converting.
"""

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import generate  # noqa: E402
import oracle  # noqa: E402
import shrink  # noqa: E402


def check_plan(plan, workdir: Path, timeout, runner=None):
    path = workdir / f"seed-{plan['seed']}.py"
    path.write_text(generate.render(plan))
    return oracle.check(path, timeout=timeout, runner=runner)


def reproducer(plan, verdict) -> str:
    lines = [f"# janus fuzz reproducer: {verdict.category}",
             f"# plan: {json.dumps({k: v for k, v in plan.items() if k != 'shrink_tries'})}"]
    for category, diffs in verdict.problems.items():
        for d in diffs[:4]:
            lines.append(f"# {category}: {d}"[:300])
    lines.append(f"# janus: {verdict.step_status}; graph fraction "
                 f"{verdict.graph_fraction:.2f}")
    lines.append("# check: bin/janus-python tests/fuzz/run.py --check THIS_FILE")
    return "\n".join(lines) + "\n" + generate.render(plan)


def fuzz(n, seed, out: Path, timeout, shrink_limit, fresh=False, log=print):
    runner = None if fresh else oracle.ForkRunner()
    try:
        return _fuzz(n, seed, out, timeout, shrink_limit, runner, log)
    finally:
        if runner is not None:
            runner.close()


def _fuzz(n, seed, out, timeout, shrink_limit, runner, log):
    out = out.resolve()         # the runs change directory
    out.mkdir(parents=True, exist_ok=True)
    work = out / "programs"
    work.mkdir(exist_ok=True)
    (out / "repro").mkdir(exist_ok=True)
    results = []
    shrunk = []             # (category, minimal feature set) of reproducers written
    start = time.monotonic()
    for s in range(seed, seed + n):
        plan = generate.make_plan(s)
        verdict = check_plan(plan, work, timeout, runner)
        entry = {"seed": s, "tags": sorted(generate.tags(plan)),
                 "features": [f["name"] for f in plan["features"]], **verdict.as_dict()}
        results.append(entry)
        mark = verdict.category or ("invalid" if not verdict.valid else
                                    "ok" if verdict.converted else "ok, not converted")
        log(f"[{len(results)}/{n}] seed {s}: {mark} ({verdict.seconds:.0f} s)"
            + (f" {verdict.invalid_reason}" if not verdict.valid else ""))
        if verdict.category and len(shrunk) < shrink_limit:
            key = _signature(plan)
            if any(cat == verdict.category and _covers(small, key) for cat, small in shrunk):
                entry["duplicate_of_reproducer"] = True
            else:
                _shrink_into(entry, plan, verdict.category, out, work, timeout, runner,
                             shrunk, log)
        (out / "results.json").write_text(json.dumps(results, indent=1))
    summary = summarise(results, time.monotonic() - start)
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    return summary


def _shrink_into(entry, plan, category, out, work, timeout, runner, shrunk, log):
    """Shrink a failing plan; write the reproducer if the small plan still fails."""
    small = shrink.shrink(
        plan, lambda p: check_plan(p, work, timeout, runner).category == category,
        generate.capabilities, generate.needs_of)
    final = check_plan(small, work, timeout, runner)
    if final.category:
        path = out / "repro" / f"seed-{plan['seed']}-{final.category}.py"
        path.write_text(reproducer(small, final))
        shrunk.append((final.category, _signature(small)))
        entry["reproducer"] = str(path)
        log(f"    shrunk to {len(small['features'])} features, "
            f"{small['steps']} steps: {path}")


def _signature(plan):
    return {f["name"] for f in plan["features"]}, \
        {k: plan[k] for k in ("model", "act", "opt", "style", "ndarray", "ragged")}


def _covers(small, key):
    """A failing program probably repeats a reproducer's bug when it has all of the
    reproducer's features, or, for a reproducer with none, the same skeleton."""
    small_features, small_skeleton = small
    features, skeleton = key
    if small_features:
        return small_features <= features
    return small_skeleton == skeleton


def summarise(results, seconds):
    valid = [r for r in results if r["valid"]]
    problems = Counter(r["category"] for r in valid if r["category"])
    converted = [r for r in valid if r["converted"]]
    reasons = Counter()
    for r in valid:
        if not r["converted"] or r["graph_fraction"] < 0.5:
            for reason in r["reasons"][:2]:
                reasons[reason[:140]] += 1
    mix = Counter(t for r in valid for t in r["tags"])
    by_tag = Counter(t for r in valid if r["category"] for t in r["tags"])
    return {
        "programs": len(results), "valid": len(valid),
        "invalid": [[r["seed"], r["invalid_reason"]] for r in results if not r["valid"]],
        "mismatches": sum(problems[c] for c in ("exception", "printed", "variables",
                                               "state", "rng")),
        "crashes": problems["crash"], "hangs": problems["hang"],
        "by_category": dict(problems),
        "converted": len(converted),
        "conversion_rate": round(len(converted) / len(valid), 3) if valid else 0.0,
        "mean_graph_fraction": round(sum(r["graph_fraction"] for r in valid) / len(valid), 3)
        if valid else 0.0,
        "top_reasons": reasons.most_common(12),
        "feature_mix": dict(sorted(mix.items())),
        "failure_rate_by_tag": {t: round(by_tag[t] / mix[t], 2) for t in sorted(by_tag)},
        "seconds": round(seconds),
    }


def print_summary(s):
    print(f"programs {s['programs']} (valid {s['valid']}), mismatches {s['mismatches']}, "
          f"crashes {s['crashes']}, hangs {s['hangs']}, {s['seconds']} s")
    print(f"by category: {s['by_category']}")
    print(f"converted {s['converted']}/{s['valid']} ({s['conversion_rate']:.1%}), "
          f"mean graph fraction {s['mean_graph_fraction']:.2f}")
    print("top reasons for not converting:")
    for reason, count in s["top_reasons"]:
        print(f"  {count:4d}  {reason}")
    print("failure rate by tag (programs with the tag that went wrong):")
    print("  " + ", ".join(f"{t} {r:.2f}" for t, r in s["failure_rate_by_tag"].items()))
    if s["invalid"]:
        print(f"invalid programs (generator defects): {s['invalid'][:5]}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=20, help="programs to generate (default 20)")
    p.add_argument("--seed", type=int, default=0, help="first program seed (default 0)")
    p.add_argument("--out", type=Path, default=Path("build/fuzz"), help="results folder")
    p.add_argument("--timeout", type=float, default=300, help="seconds per run (default 300)")
    p.add_argument("--shrink", type=int, default=10,
                   help="shrink at most this many failing programs (default 10)")
    p.add_argument("--fresh", action="store_true",
                   help="a new interpreter process per run, as a user runs a program "
                        "(default: fork servers that import TensorFlow once; ~10x faster)")
    p.add_argument("--check", nargs="+", type=Path, metavar="FILE",
                   help="check these program files instead of generating")
    a = p.parse_args(argv)
    if a.n < 1 or a.timeout <= 0 or a.shrink < 0:
        p.error("--n and --timeout must be positive, --shrink not negative")
    if a.check:
        failed = 0
        for path in a.check:
            if not path.is_file():
                p.error(f"no such program file: {path}")
            v = oracle.check(path.resolve(), timeout=a.timeout)    # always fresh
            print(f"{path}: {json.dumps(v.as_dict(), indent=1)}")
            failed += bool(v.category) or not v.valid
        return 1 if failed else 0
    summary = fuzz(a.n, a.seed, a.out, a.timeout, a.shrink, a.fresh)
    print_summary(summary)
    print(f"results: {a.out}/summary.json, {a.out}/results.json, reproducers in {a.out}/repro/")
    return 1 if summary["mismatches"] or summary["crashes"] or summary["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main())
