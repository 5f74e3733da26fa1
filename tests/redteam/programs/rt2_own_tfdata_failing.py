"""tf.data iterator consumed inside the step: `ids, xb, yb = next(ITER)` then a check_numerics on
the loss before the update. At step 10 the loop switches ITER to a "raw" pipeline in which a few
rows are NaN, so some steps fail after consuming their batch; the loop catches and goes on.
Expects exactly one batch consumed per call (the ids printed) and eager's weights and failures."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1818)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(1818)
N = 64
IDS = np.arange(N, dtype=np.int64)
XS = rng.normal(size=(N, 3))
YS = XS @ np.array([[0.2], [-0.7], [0.4]]) + 0.05 * rng.normal(size=(N, 1))
XS_RAW = XS.copy()
XS_RAW[[13, 30, 45], 1] = np.nan          # a few corrupt rows in the raw feed

CLEAN = tf.data.Dataset.from_tensor_slices((IDS, XS, YS)).batch(8).repeat()
RAW = tf.data.Dataset.from_tensor_slices((IDS, XS_RAW, YS)).batch(8).repeat()
ITER = iter(CLEAN)
W = tf.Variable(tf.zeros((3, 1), tf.float64))
CONSUMED = []
FAILED_AT = []


def train_step():
    ids, xb, yb = next(ITER)
    CONSUMED.append(int(ids[0]))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(xb, W) - yb))
        loss = tf.debugging.check_numerics(loss, "batch loss")
    W.assign_sub(0.2 * tape.gradient(loss, W))
    return ids, loss


for step in range(34):
    if step == 10:
        ITER = iter(RAW)
    try:
        ids, loss = train_step()
        print(f"step {step:2d} ids={int(ids[0])}..{int(ids[-1])} loss={float(loss)!r} w0={float(W[0, 0])!r}")
    except tf.errors.InvalidArgumentError:
        FAILED_AT.append(step)
        print(f"step {step:2d} NaN batch starting at id {CONSUMED[-1]} skipped; w0={float(W[0, 0])!r}")

print(f"final consumed={len(CONSUMED)} failed_at={FAILED_AT} next_id={int(next(ITER)[0][0])} "
      f"w={W.numpy().ravel().tolist()!r}")
