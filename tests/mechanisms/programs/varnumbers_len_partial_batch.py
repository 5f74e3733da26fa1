"""len(x) of the batch in the step (a sum-reduced loss divided by the batch size, the
count of examples seen kept in a Python int), with a partial last batch in every epoch
so that the batch dimension is relaxed, and a different batch size from epoch 3."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(43)
rng = np.random.default_rng(43)
X = rng.normal(size=(50, 3)).astype(np.float32)
Y = (X @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
w = tf.Variable(np.zeros((3, 1), np.float32))
seen = 0


def train_step(x, y):
    global seen
    n = len(x)
    seen += n
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(x @ w - y)) / n
    w.assign_sub(0.05 * tape.gradient(loss, w))
    return loss, n


for epoch in range(5):
    size = 16 if epoch < 3 else 12
    for start in range(0, len(X), size):
        loss, n = train_step(tf.constant(X[start:start + size]),
                             tf.constant(Y[start:start + size]))
        print(epoch, start, repr(float(loss)), n, type(n).__name__, seen)
print(w.numpy().ravel().tolist())
