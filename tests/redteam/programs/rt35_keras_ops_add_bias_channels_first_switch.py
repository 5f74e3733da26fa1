"""The step adds a learned bias with keras.ops.add(h, B) where h is (batch, 4) and B is
a (4,) variable; Keras' TF backend turns that into tf.nn.bias_add, choosing NHWC or NCHW
from whether B's length equals h's first or last static dimension.  The batch cycles
4, 8, 4, 8 so the batch equals the channel count on some calls.  Probes: the bias-add
data-format decision on static shapes at a batch size equal to the channel count."""
import random
import numpy
random.seed(7); numpy.random.seed(7)
import json
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3535)
rng = np.random.default_rng(3535)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 4)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def hexs(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]

B = tf.Variable(tf.linspace(-0.2, 0.2, 4))


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        h = keras.ops.add(h, B)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2, B])
    OPT.apply_gradients(zip(grads, [W1, W2, B]))
    return loss


for step in range(30):
    b = [4, 8, 5][step % 3]
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + b]), tf.constant(YS[i:i + b]))
    print(step, b, float(loss).hex())


def summary():
    return {"B": hexs(B.numpy())}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
