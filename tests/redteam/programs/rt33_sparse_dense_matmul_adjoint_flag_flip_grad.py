"""A linear model on sparse bag-of-features input: the step builds a tf.sparse.SparseTensor
from (indices, values) tensors it receives, reorders it, and multiplies with
tf.sparse.sparse_dense_matmul; from step 14 a Python flag switches to the transposed
layout (the SparseTensor built as [features, batch] and multiplied with adjoint_a=True).
Gradients flow into the dense weights; the step also reads the SparseTensor's static
dense_shape in Python.  Probes: SparseTensors made in a converted step, a Python switch
of their layout mid-run."""
import random
import numpy
random.seed(39)
numpy.random.seed(39)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3339)
rng = np.random.default_rng(3339)
W = tf.Variable(rng.normal(size=(12, 1)).astype(np.float32) * 0.1)
OPT = keras.optimizers.Adam(learning_rate=0.03)
DATA = []
for b in range(36):
    rows = np.repeat(np.arange(8), 3)
    cols = np.concatenate([rng.choice(12, 3, replace=False) for _ in range(8)])
    vals = rng.uniform(0.5, 1.5, size=24).astype(np.float32)
    y = rng.normal(size=(8, 1)).astype(np.float32)
    DATA.append((np.stack([rows, cols], 1).astype(np.int64), vals, y))
TRANSPOSED = False


def train_step(idx, vals, y):
    if TRANSPOSED:
        st = tf.sparse.reorder(tf.sparse.SparseTensor(tf.reverse(idx, [1]), vals, [12, 8]))
    else:
        st = tf.sparse.reorder(tf.sparse.SparseTensor(idx, vals, [8, 12]))
    shape = st.shape.as_list()
    with tf.GradientTape() as tape:
        p = tf.sparse.sparse_dense_matmul(st, W, adjoint_a=TRANSPOSED)
        loss = tf.reduce_mean(tf.square(p - y))
    g = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(g, [W]))
    return loss, shape


for step, (idx, vals, y) in enumerate(DATA):
    if step == 14:
        TRANSPOSED = True
    loss, shape = train_step(tf.constant(idx), tf.constant(vals), tf.constant(y))
    print(step, float(loss).hex(), shape)

print("W", [float(v).hex() for v in W.numpy().ravel()])
