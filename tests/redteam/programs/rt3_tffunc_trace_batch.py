"""Own tf.function with reduce_retracing=True whose Python body records each trace and
bakes the global STEP_NO (set by the loop) into the trace. Until step 11 the batch has 16
rows; from step 12 the loop feeds batches of 10 and 7 rows, so TF retraces (relaxed to
None) once and later reuses it; trace log and losses must follow eager's traces."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(41)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(41)
X_ALL = rng.normal(size=(48, 3))
Y_ALL = rng.normal(size=(48, 1))
W = tf.Variable(rng.normal(size=(3, 1)) * 0.3, name="w")
OPT = tf.keras.optimizers.SGD(0.08)
TRACES = []
STEP_NO = 0


@tf.function(reduce_retracing=True)
def features(x):
    TRACES.append((STEP_NO, tuple(x.shape.as_list())))
    return tf.tanh(x) * (1.0 + 0.1 * STEP_NO)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = features(x)
        pred = tf.matmul(h, W)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for i in range(34):
    STEP_NO = i
    n = 16 if i < 12 else (10 if i % 2 == 0 else 7)
    start = (i * 5) % (48 - n)
    x = tf.constant(X_ALL[start:start + n])
    y = tf.constant(Y_ALL[start:start + n])
    loss = train_step(x, y)
    print(i, n, len(TRACES), TRACES[-1], repr(float(loss)))

print("summary", TRACES, repr(float(tf.reduce_sum(W))))
