"""An MLP whose second layer multiplies the (mostly zero) ReLU activations with
`tf.matmul(h, W2, a_is_sparse=True)` (a SparseMatMul op) followed by another ReLU.  TF's
gradient for SparseMatMul guesses whether the incoming gradient is sparse with
`not context.executing_eagerly() and grad.op.type == "ReluGrad"`, so the backward
matmuls get other sparsity flags in a graph than eagerly, and the kernels round
differently.  Probes: gradient functions that branch on executing_eagerly()."""
import random
import numpy
random.seed(32)
numpy.random.seed(32)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3332)
rng = np.random.default_rng(3332)
XS = rng.normal(size=(96, 16)).astype(np.float32)
YS = rng.normal(size=(96, 8)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(16, 48)).astype(np.float32) * 0.3)
W2 = tf.Variable(rng.normal(size=(48, 8)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1)
        o = tf.nn.relu(tf.matmul(h, W2, a_is_sparse=True))
        loss = tf.reduce_mean(tf.square(o - y))
    g = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(g, [W1, W2]))
    return loss


for step in range(30):
    i = (step * 16) % 80
    loss = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    print(step, float(loss).hex())

print("W1", float(tf.reduce_sum(W1)).hex(), "W2", float(tf.reduce_sum(W2)).hex())
