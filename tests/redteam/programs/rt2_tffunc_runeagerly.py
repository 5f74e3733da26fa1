"""A @tf.function helper (with input_signature) called from the step has Python side effects in its
body: a counter, a print, and, when run eagerly, a list of values. At step 12 the loop calls
`tf.config.run_functions_eagerly(True)` (a debugging switch), and at step 24 switches it back off.
Expects body-run counts, the eager-only value log, prints and losses to match the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(404)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(404)
X = tf.constant(rng.normal(size=(32, 6)))
Y = tf.constant((rng.random(size=(32, 1)) > 0.5).astype(np.float64))

COUNTS = {"body": 0, "eager_body": 0}
EAGER_VALUES = []


@tf.function(input_signature=[tf.TensorSpec([None, 6], tf.float64), tf.TensorSpec([6, 1], tf.float64)])
def logits_fn(x, w):
    COUNTS["body"] += 1
    z = tf.matmul(x, w)
    if tf.executing_eagerly():
        COUNTS["eager_body"] += 1
        EAGER_VALUES.append(round(float(tf.reduce_mean(z)), 12))
        print(f"  logits_fn ran eagerly: mean z={EAGER_VALUES[-1]!r}")
    else:
        print("  logits_fn traced")
    return z


W = tf.Variable(tf.zeros((6, 1), tf.float64))
B = tf.Variable(0.0, dtype=tf.float64)
LOSS_OBJ = tf.keras.losses.BinaryCrossentropy(from_logits=True)


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        z = logits_fn(x, W) + B
        loss = LOSS_OBJ(y, z)
    gw, gb = tape.gradient(loss, [W, B])
    W.assign_sub(0.5 * gw)
    B.assign_sub(0.5 * gb)
    print(f"step {step:2d} eagerly={tf.config.functions_run_eagerly()} body={COUNTS['body']} "
          f"eager_body={COUNTS['eager_body']} loss={float(loss)!r}")
    return loss


LOSSES = []
for step in range(32):
    if step == 12:
        tf.config.run_functions_eagerly(True)
    if step == 24:
        tf.config.run_functions_eagerly(False)
    LOSSES.append(float(train_step(X, Y, step)))

print(f"final counts={COUNTS} n_values={len(EAGER_VALUES)} last_value={EAGER_VALUES[-1]!r} "
      f"W={W.numpy().ravel().tolist()!r} B={float(B)!r}")
