"""A plan whose program janus gets wrong → the smallest plan that still gets it wrong.

Greedy, one change at a time, each kept only when the program still shows a problem of
the same category: drop a feature, then simplify the skeleton (raw variables, SGD,
function step, tensor inputs, no ragged batch), then cut the step count down to just
past the last mutation.  `still_fails(plan) -> bool` runs the oracle (or a fake, in the
unit tests), so the shrinker itself never runs a program.
"""

import copy

SIMPLER_SKELETON = (("model", "raw"), ("opt", "sgd"), ("style", "function"),
                    ("ndarray", False), ("cast", False), ("ragged", False), ("act", "tanh"))


def shrink(plan: dict, still_fails, capabilities, needs_of, budget: int = 40) -> dict:
    best = copy.deepcopy(plan)
    tries = 0

    def attempt(candidate):
        nonlocal tries, best
        if tries >= budget or not _consistent(candidate, capabilities, needs_of):
            return False
        tries += 1
        if still_fails(candidate):
            best = candidate
            return True
        return False

    i = 0
    while i < len(best["features"]) and len(best["features"]) > 1:
        candidate = copy.deepcopy(best)
        del candidate["features"][i]
        if not attempt(candidate):
            i += 1
    if len(best["features"]) == 1:
        candidate = copy.deepcopy(best)
        candidate["features"] = []
        attempt(candidate)
    for key, simple in SIMPLER_SKELETON:
        if best[key] != simple:
            candidate = copy.deepcopy(best)
            candidate[key] = simple
            attempt(candidate)
    last = max([k for f in best["features"] for k in f["at"]], default=5)
    for steps in sorted({last + 2, last + 5, (last + best["steps"]) // 2}):
        if steps < best["steps"]:
            candidate = copy.deepcopy(best)
            candidate["steps"] = steps
            if attempt(candidate):
                break
    best["shrink_tries"] = tries
    return best


def _consistent(plan, capabilities, needs_of):
    offered = capabilities(plan)
    if plan["cast"] and not plan["ndarray"]:
        return False
    return all(set(needs_of(f["name"])) <= offered for f in plan["features"])
