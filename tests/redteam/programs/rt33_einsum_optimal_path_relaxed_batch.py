"""A three-operand tf.einsum with optimize='optimal' in the training step.  TF asks
opt_einsum for a contraction order from the operands' *static* shapes, and guesses 1
for an unknown dimension.  Batches are 32 rows with a partial batch of 20 at the end of
each epoch, so a graph whose batch dimension was relaxed to None would ask for the order
of a batch of 1: (x@A)@B instead of eager's x@(A@B) for a batch of 20/32, which rounds
differently.  Probes: library code that decides on static shapes under shape relaxation."""
import random
import numpy
random.seed(1)
numpy.random.seed(1)
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(331)
rng = np.random.default_rng(331)
XS = rng.normal(size=(84, 16)).astype(np.float32)
YS = rng.normal(size=(84, 4)).astype(np.float32)
A = tf.Variable(rng.normal(size=(16, 16)).astype(np.float32) * 0.3)
B = tf.Variable(rng.normal(size=(16, 4)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = tf.einsum('bi,ij,jk->bk', x, A, B, optimize='optimal')
        loss = tf.reduce_mean(tf.square(p - y))
    grads = tape.gradient(loss, [A, B])
    OPT.apply_gradients(zip(grads, [A, B]))
    return loss


for epoch in range(12):
    losses = []
    for i in range(0, 84, 32):
        loss = train_step(tf.constant(XS[i:i + 32]), tf.constant(YS[i:i + 32]))
        losses.append(float(loss))
    print(epoch, [v.hex() for v in losses])

print("A", [float(v).hex() for v in A.numpy().ravel()[:6]])
print("B", [float(v).hex() for v in B.numpy().ravel()[:6]])
print("sumA", float(tf.reduce_sum(A)).hex(), "sumB", float(tf.reduce_sum(B)).hex())
