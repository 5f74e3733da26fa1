"""Loss-bucketed hard-example bookkeeping that uses Python's own hash() of numbers
the graph computes: `q = round(float(loss), 2)`, `bucket = hash(q) % 7`; a per-(epoch,
bucket) count dict; a set of distinct rounded losses; `hash(int(round(mean_pred)))`
(CPython maps hash(-1) to -2, so a mean prediction near -1 lands in a different slot
than arithmetic would give); `hash((q, sign))` of a tuple; and the hash of an integral
float equals the hash of the int (hash(2.0) == hash(2)).  Hashes of numbers are not
randomised, so eager's output is deterministic.  The step also returns
`hash(float(loss))` itself.

Probes: builtin hash() on graph-computed ints, floats and tuples.  Python's numeric
hash is reduction modulo 2**61-1 with special cases (-1 -> -2, inf -> 314159, nan
-> identity-based in 3.10+ so avoided here); a converter that computes it with TF ops,
bakes it at build time from the profiled value, or refuses only some of these forms
prints different buckets, counts and returned hashes.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1428)
rng = np.random.default_rng(1428)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-0.9], [0.3]], np.float32) - 1.0).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32), name="W")
B = tf.Variable(np.zeros((1,), np.float32), name="B")
OPT = keras.optimizers.SGD(learning_rate=0.08)
COUNTS = {}
DISTINCT = set()
SLOTS = [0] * 5
STATE = {"epoch": 0}


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = x @ W + B
        loss = tf.reduce_mean(tf.square(pred - y))
    OPT.apply_gradients(zip(tape.gradient(loss, [W, B]), [W, B]))
    q = round(float(loss), 2)
    bucket = hash(q) % 7
    key = (STATE["epoch"], bucket)
    COUNTS[key] = COUNTS.get(key, 0) + 1
    DISTINCT.add(q)
    m = int(round(float(tf.reduce_mean(pred))))
    SLOTS[hash(m) % 5] += 1
    sign = 1 if float(loss) > 0.5 else -1
    pair = hash((q, sign)) % 1000
    whole = hash(float(round(q * 4))) == hash(int(round(q * 4)))
    return loss, bucket, hash(m), pair, whole, hash(float(loss))


for step in range(N_STEPS):
    if step % 10 == 0:
        STATE["epoch"] = step // 10
    loss, bucket, hm, pair, whole, hl = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    print(step, repr(float(loss)), bucket, hm, pair, whole, hl)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "B": repr(float(B.numpy()[0])),
    "counts": sorted([list(k) + [v] for k, v in COUNTS.items()]),
    "distinct": sorted(DISTINCT),
    "slots": SLOTS,
}))
