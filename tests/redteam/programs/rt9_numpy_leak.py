"""train_step runs TF ops without a tape of its own (janus takes it over as hot code) and is
called while a GradientTape at module level records. Inside, values of watched tensors leave
TF as numpy (t.numpy(), numpy arithmetic on it, float() of a 0-d array) and come back into
tensor arithmetic. Eager: those are constants to the tape, the gradient does not flow through
them. A graph computes them from the watched values: recorded op by op, the gradient would
flow through them. Gradients w.r.t. the variables and the watched input are printed."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = rng.normal(size=(80, 2)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 6)).astype(np.float32) * 0.4, name="W1")
W2 = tf.Variable(rng.normal(size=(6, 2)).astype(np.float32) * 0.4, name="W2")


def train_step(x, y):
    h = tf.nn.relu(x @ W1)
    hn = h.numpy()                         # ndarray of a watched intermediate
    centre = hn * 0.5 + 1.0                 # numpy arithmetic on it
    h2 = h * centre                         # back into tensor arithmetic
    out = h2 @ W2
    spread = float(tf.reduce_max(tf.abs(out)).numpy())
    loss = tf.reduce_mean(tf.square(out / spread - y))
    return loss, spread


opt_lr = 0.05
for step in range(30):
    i = (step * 10) % 70
    x = tf.constant(XS[i:i + 10])
    y = tf.constant(YS[i:i + 10])
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss, spread = train_step(x, y)
    g1, g2, gx = tape.gradient(loss, [W1, W2, x])
    W1.assign_sub(opt_lr * g1)
    W2.assign_sub(opt_lr * g2)
    print(step, repr(float(loss)), repr(spread), type(spread).__name__)
    print("  g1", g1.numpy().ravel().tolist()[:12])
    print("  g2", g2.numpy().ravel().tolist())
    print("  gx", gx.numpy().ravel().tolist()[:10])

print(json.dumps({"W1": W1.numpy().ravel().tolist(), "W2": W2.numpy().ravel().tolist()}))
