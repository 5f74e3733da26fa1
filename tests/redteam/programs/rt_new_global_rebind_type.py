"""A module global SCALE the step multiplies the input by is rebound to other types mid-run:
a Python float, then (step 8) a float64 tensor, (step 14) a per-feature numpy array, (step 20)
a tf.Variable that the loop later assigns in place (step 24), then (step 27) the int 1. The step
prints type(SCALE).__name__. A converter guarding only the value's number-ness goes wrong."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(100)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(36)
X = tf.constant(rng.normal(size=(16, 4)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.2)
SCALE = 0.5
SCALE_VAR = tf.Variable(0.75, dtype=tf.float64)


def train_step(x, y):
    with tf.GradientTape() as tape:
        xs = x * SCALE
        loss = tf.reduce_mean(tf.square(xs @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    print("  scale", type(SCALE).__name__)
    return loss


for step in range(32):
    if step == 8:
        SCALE = tf.constant(0.5, dtype=tf.float64)
    elif step == 14:
        SCALE = np.array([0.5, 1.0, 1.5, 2.0])
    elif step == 20:
        SCALE = SCALE_VAR
    elif step == 24:
        SCALE_VAR.assign(1.25)
    elif step == 27:
        SCALE = 1
    loss = train_step(X, Y)
    print(step, repr(float(loss)))

print("W", W.numpy().ravel().tolist(), "SCALE", SCALE, float(SCALE_VAR))
