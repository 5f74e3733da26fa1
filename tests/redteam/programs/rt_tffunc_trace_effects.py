"""The program's own @tf.function helper appends to a Python list at trace time and reads a
global GAIN at trace time. GAIN changes at step 10 (eager keeps the old trace), the batch size
changes at step 16 (a retrace that sees the new GAIN), and goes back at step 24 (the old trace,
old GAIN). The step prints the trace log length and TF's tracing count each step."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(61)
tf.keras.backend.set_floatx("float64")

TRACES = []
GAIN = 1.0


@tf.function
def feature(x, w):
    TRACES.append((tuple(x.shape), GAIN))
    return tf.tanh(x @ w) * GAIN


rng = np.random.default_rng(19)
XS = rng.normal(size=(48, 5))
YS = rng.normal(size=(48, 1))
W1 = tf.Variable(rng.normal(size=(5, 6)) * 0.3)
W2 = tf.Variable(rng.normal(size=(6, 1)) * 0.3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = feature(x, W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.1 * g1)
    W2.assign_sub(0.1 * g2)
    print("  traces", len(TRACES), feature.experimental_get_tracing_count())
    return loss


for step in range(32):
    if step == 10:
        GAIN = 3.0
    bs = 12 if 16 <= step < 24 else 16
    i = (step * bs) % (48 - bs)
    loss = train_step(tf.constant(XS[i:i + bs]), tf.constant(YS[i:i + bs]))
    print(step, repr(float(loss)), bs)

print("TRACES", TRACES)
print("W2", W2.numpy().ravel().tolist())
