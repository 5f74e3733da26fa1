"""The program's @tf.function helper has a Python side effect (appends to CALLS and prints);
normally it runs once, at trace time. At step 10 the loop calls
tf.config.run_functions_eagerly(True), so from then on the helper's Python body runs on every
call (printing, appending); at step 20 it switches back. A converter that traced the step once
with the helper inside does not reproduce the per-call side effects."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(63)
tf.keras.backend.set_floatx("float64")

CALLS = []


@tf.function
def penalty(w, coef):
    CALLS.append(len(CALLS))
    print("  python body of penalty, call", len(CALLS))
    return coef * tf.reduce_sum(tf.square(w))


rng = np.random.default_rng(40)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(3, 1)))
COEF = tf.constant(0.05, dtype=tf.float64)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) + penalty(W, COEF)
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss, len(CALLS)


for step in range(30):
    if step == 10:
        tf.config.run_functions_eagerly(True)
    if step == 20:
        tf.config.run_functions_eagerly(False)
    loss, n = train_step(X, Y)
    print(step, repr(float(loss)), n, tf.config.functions_run_eagerly())

print("CALLS", len(CALLS), CALLS[-3:])
print("W", W.numpy().ravel().tolist())
