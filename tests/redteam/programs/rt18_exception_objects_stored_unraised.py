"""Probes: exception objects the step makes from graph text and stores without raising.

Validation code often collects problems instead of raising: the step makes
`ValueError(f"loss {float(loss):.5f} above budget")` and appends it to a list of
warnings-as-objects when a Python flag is set (steps 10-19), and keeps the newest one
in an attribute.  The contract makes objects a step creates anew at commit from the
values the build holds, and makes text from graph values after the graph; an exception
instance is made by BaseException's own __new__ (a builtin base, not object.__new__),
and its args tuple holds the text.  The loop prints str(e), e.args and repr(e) of what
was stored; in eager they are the formatted message."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1837)
rng = np.random.default_rng(1837)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)
FLAGS = {"collect": False}


class Checks:
    def __init__(self):
        self.problems = []
        self.last = None


CHECKS = Checks()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    if FLAGS["collect"]:
        problem = ValueError(f"loss {float(loss):.5f} above budget")
        CHECKS.problems.append(problem)
        CHECKS.last = problem
    return loss


for step in range(30):
    FLAGS["collect"] = 10 <= step < 20
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    last = CHECKS.last
    print(step, repr(float(loss)), len(CHECKS.problems),
          str(last) if last is not None else "-", last.args if last is not None else "-")

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "problems": [repr(p) for p in CHECKS.problems],
    "last_is_problem": CHECKS.last is CHECKS.problems[-1],
    "types": sorted({type(p).__name__ for p in CHECKS.problems}),
}))
