"""Exact bookkeeping of the data fraction seen: the step makes
Fraction(batch, dataset_size) and Decimal(batch) / Decimal(dataset_size) from guarded
ints every call, uses float() of them in the loss weight, stores them on a ledger
and returns the Fraction.

Fraction and Decimal are immutable value types made by library code (fractions.py
and the _decimal C module); eager makes new objects at every call, so consecutive
ledger entries are distinct objects and the returned Fraction is the stored one.  A
graph that evaluated the constructors once while building (their arguments are
guarded constants) and handed the same objects back at every commit would make the
entries identical; a copy per destination would break returned-is-stored.  The
batch size changes at step 12 (partial-epoch tail), so the values change once.
Probes: fresh-value identity for library immutable number types."""
import json
from decimal import Decimal
from fractions import Fraction

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1818)
rng = np.random.default_rng(1818)

XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.05)
SIZES = {"batch": 8, "dataset": 96}


class Ledger:
    def __init__(self):
        self.fracs = []
        self.decs = []
        self.total = Fraction(0)


LEDGER = Ledger()


def train_step(x, y):
    frac = Fraction(SIZES["batch"], SIZES["dataset"])
    dec = Decimal(SIZES["batch"]) / Decimal(SIZES["dataset"])
    with tf.GradientTape() as tape:
        loss = float(frac) * 12.0 * tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    LEDGER.fracs.append(frac)
    LEDGER.decs.append(dec)
    return loss, frac


counts = {"frac_same": 0, "dec_same": 0, "returned_is_stored": 0}
for step in range(28):
    if step == 12:
        SIZES["batch"] = 6
    b = SIZES["batch"]
    i = (step * b) % (96 - b)
    loss, frac = train_step(tf.constant(XS[i:i + b]), tf.constant(YS[i:i + b]))
    LEDGER.total = LEDGER.total + frac
    counts["returned_is_stored"] += frac is LEDGER.fracs[-1]
    if len(LEDGER.fracs) > 1:
        counts["frac_same"] += LEDGER.fracs[-1] is LEDGER.fracs[-2]
        counts["dec_same"] += LEDGER.decs[-1] is LEDGER.decs[-2]
    print(step, repr(float(loss)), str(frac), str(LEDGER.decs[-1])[:8], type(frac).__name__)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "counts": counts,
    "total": str(LEDGER.total),
    "types": sorted({type(v).__name__ for v in LEDGER.fracs + LEDGER.decs}),
    "iterations": int(OPT.iterations.numpy()),
}))
