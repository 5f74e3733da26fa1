"""The step records `x.ref()` of its input tensor in a global dict (value: the step
number), checks whether the batch tensor was seen before (`x.ref() in SEEN`) and uses
`ref.deref() is x`.  Batches come from a list of 7 pre-made constant tensors, so every
seventh call hands back a tensor seen before (the loss is then halved).  Probes: tensor
references (hashable by identity) made by the step and stored."""
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

BATCHES = [(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])) for i in range(0, 56, 8)]
SEEN = {}
INFO = []


def train_step(x, y, k):
    r = x.ref()
    again = r in SEEN
    SEEN[r] = k
    INFO.append((again, r.deref() is x))
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
        if again:
            loss = loss * 0.5
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


for step in range(30):
    x, y = BATCHES[step % 7]
    loss = train_step(x, y, step)
    print(step, float(loss).hex(), INFO[-1])
vals = sorted(SEEN.values())
n_seen = len(SEEN)
del SEEN, x, y


def summary():
    return {"vals": vals, "n": n_seen}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
