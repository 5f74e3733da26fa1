"""The program's own `@tf.function` feature helper prints and appends to CALLS from its Python
body, which runs only when TF traces it. At step 14 the loop turns on debugging with
`tf.config.run_functions_eagerly(True)`: from then on eager runs the helper's Python body at
every call, so a line is printed and CALLS grows on every step; the step's tape still sees
the helper's ops."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(528)

CALLS = []


@tf.function
def features(x, w):
    CALLS.append(tuple(x.shape))
    print("  features body runs", len(CALLS))
    return tf.nn.elu(x @ w)


rng = np.random.default_rng(32)
XS = rng.normal(size=(64, 4)).astype("float32")
YS = np.sin(XS[:, :1] * 2.0).astype("float32")
W1 = tf.Variable(rng.normal(size=(4, 6)).astype("float32") * 0.5)
W2 = tf.Variable(rng.normal(size=(6, 1)).astype("float32") * 0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(features(x, W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.1 * g1)
    W2.assign_sub(0.1 * g2)
    return loss


for step in range(30):
    if step == 14:
        tf.config.run_functions_eagerly(True)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(CALLS))

tf.config.run_functions_eagerly(False)
print("CALLS", len(CALLS), CALLS[:2])
print("W2", W2.numpy().ravel().tolist())
