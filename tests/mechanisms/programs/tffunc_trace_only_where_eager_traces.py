"""The program's own tf.functions trace only at the calls where eager traces them.
`scaled` records each trace and bakes in the global GAIN it reads then.  Steps 6-8 feed
a new batch size with a NaN scale, so check_numerics raises before `scaled` is reached
(eager does not trace that shape then); GAIN changes at step 10, and the new size comes
back at step 14, where eager traces it with the new GAIN.  `rare` runs only in the arm
of a tensor `if` that steps 0-17 do not take (eager traces it at step 18)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)
TRACES = []
GAIN = 1.0
SCALE = 1.0


@tf.function
def scaled(t):
    TRACES.append(("scaled", tuple(t.shape), GAIN))
    return t * GAIN


@tf.function
def rare(t):
    TRACES.append(("rare", tuple(t.shape), GAIN))
    return tf.abs(t) * GAIN


rng = np.random.default_rng(12)
XS = rng.normal(size=(40, 3))
YS = rng.normal(size=(40, 1))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.3)


def train_step(x, y, threshold):
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.debugging.check_numerics(tf.reduce_mean((pred - y) ** 2) * SCALE, "loss")
        loss = loss + 0.1 * tf.reduce_mean(scaled(pred))
        if tf.reduce_max(pred) > threshold:
            loss = loss + 0.01 * tf.reduce_mean(rare(pred))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss


for step in range(24):
    SCALE = float("nan") if 6 <= step <= 8 else 1.0
    if step == 10:
        GAIN = 2.0
    bs = 6 if step in (6, 7, 8, 14, 15, 20) else 12
    i = (step * 5) % (40 - bs)
    threshold = tf.constant(-1.0 if step >= 18 else 100.0, tf.float64)
    try:
        loss = train_step(tf.constant(XS[i:i + bs]), tf.constant(YS[i:i + bs]), threshold)
        print(step, repr(float(loss)), len(TRACES))
    except tf.errors.InvalidArgumentError as exc:
        print(step, "raised", exc.message.split(":")[0], len(TRACES))
print("TRACES", TRACES, W.numpy().ravel().tolist())
