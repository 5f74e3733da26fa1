"""The program's own @tf.function helper wraps a tf.py_function whose Python body runs at
*run* time: it appends to RUNTIME_LOG and prints. The step prints before and after the helper
and reads len(RUNTIME_LOG) right after it. At step 12 the loop swaps the py_function's scale
list entry. A converter that defers the step's prints past the graph run, or reads the log
length at build time, changes the printed order and values."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(62)
tf.keras.backend.set_floatx("float64")

RUNTIME_LOG = []
SCALE = [1.0]


def record(v):
    val = float(v.numpy())
    RUNTIME_LOG.append(round(val, 6))
    print("    py_function saw", repr(val), "scale", SCALE[0])
    return np.float64(SCALE[0])


@tf.function
def monitor(loss):
    s = tf.py_function(record, [loss], tf.float64)
    s.set_shape([])
    return loss * s


rng = np.random.default_rng(20)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.zeros((3, 1)))


def train_step(x, y):
    print("  before", len(RUNTIME_LOG))
    with tf.GradientTape() as tape:
        raw = tf.reduce_mean(tf.square(x @ W - y))
        loss = monitor(raw)
    n = len(RUNTIME_LOG)
    print("  after", n)
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss, n


for step in range(30):
    if step == 12:
        SCALE[0] = 0.5
    loss, n = train_step(X, Y)
    print(step, repr(float(loss)), n)

print("log", len(RUNTIME_LOG), RUNTIME_LOG[-3:])
print("W", W.numpy().ravel().tolist())
