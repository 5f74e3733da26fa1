"""In-place operators on sets the step makes, seen through aliases.

In the step: `a = set(BASE); b = a; b |= {EXTRA}; b -= {DROP}; b &= KEEPABLE` edits the
one set both names hold (set.__ior__ etc. mutate and return self), while `fa =
frozenset(BASE); fb = fa; fb |= {EXTRA}` rebinds fb to a NEW frozenset and leaves fa
alone.  A set held twice in a list, `pair = [c, c]; pair[0] |= {...}`, is also edited in
place (and the store back puts the same object there).  The step stores a, b, fa, fb
and pair.  The contract says sets the step makes are handed out as replicas of the
build's tables and that `|`, `&`, `-` convert; an in-place operator treated like the
binary one (a new set bound to b) would hand out a and b as two sets, a without EXTRA;
treating `fb |= ...` as in-place would change fa; replicas made per place would split
pair[0] from pair[1].  BASE, EXTRA and DROP change mid-run (steps 12, 22, 32).  Printed:
contents, sizes (sys.getsizeof) and the identity relations, per step.
"""
import json
import random
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2109)
random.seed(2109)
np.random.seed(2109)
rng = np.random.default_rng(2109)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = rng.normal(size=(96, 1)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.04)

BASE = [3, 1, 4, 15, 9]
EXTRA = 26
DROP = 4
KEEPABLE = frozenset(range(0, 40))
OUT = {}


def train_step(x, y):
    a = set(BASE)
    b = a
    b |= {EXTRA}
    b -= {DROP}
    b &= KEEPABLE
    fa = frozenset(BASE)
    fb = fa
    fb |= {EXTRA}
    c = set()
    pair = [c, c]
    pair[0] |= {EXTRA, DROP}
    pair[1] -= {DROP}
    OUT["a"] = a
    OUT["b"] = b
    OUT["fa"] = fa
    OUT["fb"] = fb
    OUT["pair"] = pair
    OUT["c"] = c
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * (1.0 + 0.01 * (len(a) + len(fb) + len(c)))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for step in range(42):
    if step == 12:
        EXTRA = 33
    if step == 22:
        DROP = 15
    if step == 32:
        BASE.append(38)
        BASE.append(2)
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    ids = [OUT["a"] is OUT["b"], OUT["fa"] is OUT["fb"], OUT["pair"][0] is OUT["pair"][1],
           OUT["pair"][0] is OUT["c"]]
    print(step, repr(float(loss)), sorted(OUT["a"]), sorted(OUT["fa"]), sorted(OUT["fb"]),
          sorted(OUT["c"]), list(OUT["a"]), [sys.getsizeof(OUT[k]) for k in ("a", "fa", "fb", "c")],
          ids)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "a": list(OUT["a"]), "fb": list(OUT["fb"]),
    "iterations": int(OPT.iterations.numpy()),
}))
