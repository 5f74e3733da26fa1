"""Own tf.function with an input_signature whose Python body counts its runs, records
tf.executing_eagerly() and reads the global GAIN (set by the loop each step). At step 12
the loop turns tf.config.run_functions_eagerly on (body runs every call, fresh GAIN), at
step 24 off again (the step-0 trace, with its stale GAIN, is reused)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(42)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(42)
X = tf.constant(rng.normal(size=(20, 4)))
Y = tf.constant(rng.normal(size=(20, 1)))
P = tf.constant(rng.normal(size=(4, 4)) * 0.5)
W = tf.Variable(rng.normal(size=(4, 1)) * 0.2, name="w")
OPT = tf.keras.optimizers.SGD(0.05)
CALLS = {"py": 0}
MODES = []
GAIN = 1.0
EAGER_STEPS = 0


@tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float64)])
def encode(x):
    CALLS["py"] += 1
    MODES.append("eager" if tf.executing_eagerly() else "graph")
    return tf.nn.relu(tf.matmul(x, P)) * GAIN


def train_step(x, y):
    global EAGER_STEPS
    EAGER_STEPS += tf.executing_eagerly()
    with tf.GradientTape() as tape:
        h = encode(x)
        loss = tf.reduce_mean(tf.square(tf.matmul(h, W) - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for i in range(34):
    GAIN = 1.0 + 0.05 * i
    if i == 12:
        tf.config.run_functions_eagerly(True)
    elif i == 24:
        tf.config.run_functions_eagerly(False)
    loss = train_step(X, Y)
    print(i, CALLS["py"], MODES[-1], EAGER_STEPS, type(EAGER_STEPS).__name__, repr(float(loss)))

print("summary", CALLS, MODES.count("eager"), MODES.count("graph"), EAGER_STEPS,
      repr(float(tf.reduce_sum(W))))
