"""`print(..., file=LOGF, flush=True)` calls `LOGF.flush()` right after writing.  LOGF is
an io.StringIO (an io stream, so prints to it convert), and at step 10 the program sets
`LOGF.flush = checkpoint_flush` on the INSTANCE: a function of the program's that
records the current value of the variable W2[0, 0] and the length of the stream so far,
as a "flush hook" that snapshots state would.  The step prints its loss with flush=True
BEFORE applying the update.  In eager the hook runs inside print, mid step, and sees the
weight before this call's update.  Probes: instance-level overrides of a stream method
other than write() (flush, called by print itself); a converter that replays the print
after the graph runs the hook after the update, or calls the class's flush."""
import io
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1957)
rng = np.random.default_rng(1957)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
LOGF = io.StringIO()
SNAPSHOTS = []


def checkpoint_flush():
    SNAPSHOTS.append((repr(float(W2.numpy()[0, 0])), len(LOGF.getvalue())))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    print(f"loss {float(loss):.6f}", file=LOGF, flush=True)
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    if step == 10:
        LOGF.flush = checkpoint_flush
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(SNAPSHOTS), SNAPSHOTS[-1] if SNAPSHOTS else None)

del LOGF.flush
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:10]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
    "snapshots": SNAPSHOTS,
    "log_lines": len(LOGF.getvalue().splitlines()),
    "iterations": int(OPT.iterations.numpy()),
}))
