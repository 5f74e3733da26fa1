"""The program's own tf.function records each trace (its shape and a global GAIN it reads
at trace time).  GAIN changes at step 8 (eager keeps the trace it has), the batch shrinks
at step 12 (a new trace, which reads the new GAIN), and grows back at step 18 (the old
trace, the old GAIN)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(9)
TRACES = []
GAIN = 1.0


@tf.function
def feature(x, w):
    TRACES.append((tuple(x.shape), GAIN))
    return tf.tanh(x @ w) * GAIN


rng = np.random.default_rng(9)
XS = rng.normal(size=(40, 4))
YS = rng.normal(size=(40, 1))
W1 = tf.Variable(rng.normal(size=(4, 5)) * 0.3)
W2 = tf.Variable(rng.normal(size=(5, 1)) * 0.3)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(feature(x, W1) @ W2 - y))
    g1, g2 = tape.gradient(loss, [W1, W2])
    W1.assign_sub(0.1 * g1)
    W2.assign_sub(0.1 * g2)
    return loss


for step in range(26):
    if step == 8:
        GAIN = 3.0
    bs = 10 if 12 <= step < 18 else 16
    i = (step * 3) % (40 - bs)
    loss = train_step(tf.constant(XS[i:i + bs]), tf.constant(YS[i:i + bs]))
    print(step, repr(float(loss)), bs, len(TRACES))
print("TRACES", TRACES, W2.numpy().ravel().tolist())
