"""A closure made in the step reads a variable of the step that the step may have
deleted: `shift(t)` returns `t + bias`, and from step 10 on (the global DROP_BIAS flips)
the step runs `del bias` before calling it.  CPython's LOAD_DEREF of the emptied cell
raises NameError("cannot access free variable 'bias' where it is not associated with a
value in enclosing scope"); the step catches it, records str(e) in a global list and
trains without the bias.  From step 20 the step rebinds `bias` after the del (the cell is
filled again) before the call.  A second closure made earlier reads the same cell after
the step's except block.  Probes: emptied cells of closures made in the step (DELETE_DEREF
then LOAD_DEREF inside an inlined closure), the NameError's class and text, and a cell
refilled after deletion."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1929)
rng = np.random.default_rng(1929)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
B1 = tf.Variable(np.full((8,), 0.1, dtype=np.float32))
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
DROP_BIAS = False
REFILL = False
ERRORS = []


def train_step(x, y):
    bias = B1

    def shift(t):
        return t + bias

    def has_bias():
        try:
            bias
        except NameError:
            return False
        return True

    if DROP_BIAS:
        del bias
    if REFILL:
        bias = B1 * 0.5
    with tf.GradientTape() as tape:
        pre = x @ W1
        try:
            pre = shift(pre)
        except NameError as e:
            ERRORS.append(str(e))
        h = tf.tanh(pre)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, B1, W2])
    pairs = [(g, v) for g, v in zip(grads, [W1, B1, W2]) if g is not None]
    OPT.apply_gradients(pairs)
    return loss, has_bias(), len(pairs)


for step in range(30):
    if step == 10:
        DROP_BIAS = True
    if step == 20:
        REFILL = True
    i = (step * 8) % 56
    loss, had, n = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), had, n, len(ERRORS))

print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "B1": [repr(float(v)) for v in B1.numpy().ravel()],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "errors": ERRORS[:2] + ERRORS[-1:],
    "n_errors": len(ERRORS),
    "iterations": int(OPT.iterations.numpy()),
}))
