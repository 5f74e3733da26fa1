"""Probes: print reached through functools.partial hooks the loop registers.

Training loops call "hooks" the user registers.  From step 10 the hook list holds
functools.partial(print, "  [hook]", sep=" | "), and from step 18 also
functools.partial(print, "  [hook2]", end=" <\\n", flush=True); the step calls each
hook with its loss text and call number, between two prints of its own.  print is a
builtin the contract replays after the graph "in program order"; reached through a
partial (a C callable holding print, its positional and keyword arguments) it has to
be recognised as print, with the partial's sep/end merged, and replayed at its place,
not run once while building nor dropped."""
import functools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1835)
rng = np.random.default_rng(1835)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)

HOOKS = []


class Counter:
    calls = 0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    print("  step begins", Counter.calls)
    for hook in HOOKS:
        hook(f"{float(loss):.5f}", Counter.calls)
    print("  step ends")
    Counter.calls += 1
    return loss


for step in range(30):
    if step == 10:
        HOOKS.append(functools.partial(print, "  [hook]", sep=" | "))
    if step == 18:
        HOOKS.append(functools.partial(print, "  [hook2]", end=" <\n", flush=True))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "calls": Counter.calls,
    "hooks": len(HOOKS),
}))
