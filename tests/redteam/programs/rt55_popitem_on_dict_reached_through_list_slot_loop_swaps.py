"""Two banks of per-layer learning-rate multipliers, each a dict, kept in a global list
`BANKS`; the step works on `BANKS[0]`: it pops the bank's last (name, mult) pair with
popitem(), uses the multiplier, and re-inserts it at the end (`bank[name] = mult * 0.5
if mult > 1 else mult`), so the bank decays its large entries call by call.  Between
calls the loop swaps the two banks in the list (step 7: the step now works on the other
dict), rebinds a value in the bank currently in front (step 13), replaces slot 0 with a
new dict (step 19) and appends to the old bank that is now out of use (step 25: no
effect on the step).
Probes: popitem() and item writes on a dict reached through an item of the program's
list (the list's slot guarded by identity, the dict's contents by its own guard), the
list reordered and its slot replaced between calls."""
import random

import numpy

random.seed(5538)
numpy.random.seed(5538)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5538)
rng = np.random.default_rng(5538)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) * 2.0 + XS[:, 3:4]).astype(np.float32)

W1 = tf.Variable(rng.normal(size=(4, 6)).astype(np.float32) * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype(np.float32) * 0.5)
BANK_A = {"w1": 1.0, "w2": 4.0}
BANK_B = {"w2": 0.5, "w1": 8.0}
BANKS = [BANK_A, BANK_B]
USED = []


def train_step(x, y):
    bank = BANKS[0]
    name, mult = bank.popitem()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.tanh(x @ W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    if name == "w1":
        W1.assign_sub(0.01 * mult * g1)
        W2.assign_sub(0.01 * g2)
    else:
        W1.assign_sub(0.01 * g1)
        W2.assign_sub(0.01 * mult * g2)
    bank[name] = mult * 0.5 if mult > 1 else mult
    USED.append((name, mult))
    return loss


for step in range(32):
    if step == 7:
        BANKS.reverse()
    if step == 13:
        BANKS[0]["w2"] = 16.0
    if step == 19:
        BANKS[0] = {"w1": 2.0, "w2": 2.0}
    if step == 25:
        BANK_A["extra"] = 99.0
    i = (step * 16) % 112
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, repr(float(loss)), USED[-1], BANKS, BANKS[1] is BANK_A)

print(json.dumps({"banks": BANKS, "a": BANK_A, "b": BANK_B,
                  "w2": [repr(float(t)) for t in W2.numpy().ravel()]}))
