"""Input-noise and dropout regularization with TF's stateful random ops under a global seed:
the step draws `tf.random.normal` noise and applies `tf.nn.dropout`. At step 16 the loop
calls `tf.random.set_seed(527)` again (the start of a "replayed" phase): eager's op seeds
restart and its random kernels are reset, so steps 16.. draw the same noise and masks as
steps 0.. did, on the batches of those later steps."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(527)

rng = np.random.default_rng(31)
XS = rng.normal(size=(64, 6)).astype("float32")
YS = (XS[:, :3].sum(axis=1, keepdims=True)).astype("float32")
W1 = tf.Variable(rng.normal(size=(6, 8)).astype("float32") * 0.3)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype("float32") * 0.3)
NOISE_SUMS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        noise = tf.random.normal(tf.shape(x), stddev=0.1)
        h = tf.nn.relu((x + noise) @ W1)
        h = tf.nn.dropout(h, rate=0.25)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.05 * g1)
    W2.assign_sub(0.05 * g2)
    NOISE_SUMS.append(round(float(tf.reduce_sum(noise)), 6))
    return loss


for step in range(32):
    if step == 16:
        tf.random.set_seed(527)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), NOISE_SUMS[-1])

print("replayed", NOISE_SUMS[:16] == NOISE_SUMS[16:])
print("after", repr(float(tf.random.uniform([]))))
print("W2", W2.numpy().ravel().tolist())
