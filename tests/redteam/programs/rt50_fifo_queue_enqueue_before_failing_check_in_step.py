"""A training step that logs into a TF FIFOQueue: it enqueues (step id, loss) into a
`tf.queue.FIFOQueue` right after the forward pass, then checks the loss with
`tf.debugging.assert_less(loss, LIMIT)` before applying the gradients.  On a few
outlier batches the check fails after the enqueue: eagerly the entry is already in the
queue.  The loop catches the error; every 5 steps it drains the queue with
`dequeue_many(queue.size())` and prints what it got.  Probes: a stateful TF resource
other than a variable (a queue) written in a hot step before an op that fails (what a
failed call leaves in it), the queue's size, the drained entries, the weights."""
import random

import numpy

random.seed(72)
numpy.random.seed(72)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(7223)
rng = np.random.default_rng(7223)
XS = rng.normal(size=(160, 3)).astype(np.float32)
YS = (XS[:, :1] * 1.5 + 0.2).astype(np.float32)
for bad in (46, 47, 88, 121):
    YS[bad, 0] = 40.0
LIMIT = 50.0

Q = tf.queue.FIFOQueue(capacity=100, dtypes=[tf.int32, tf.float32], shapes=[(), ()])
W = tf.Variable(tf.zeros((3, 1)))
B = tf.Variable(0.0)
OPT = keras.optimizers.SGD(learning_rate=0.05)


def train_step(i, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    Q.enqueue((i, loss))
    tf.debugging.assert_less(loss, LIMIT, message="loss spike")
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss


drained = []
fails = []
for step in range(40):
    x = tf.constant(XS[step * 4:step * 4 + 4])
    y = tf.constant(YS[step * 4:step * 4 + 4])
    try:
        loss = train_step(tf.constant(step), x, y)
        print(step, repr(float(loss)), int(Q.size()))
    except tf.errors.InvalidArgumentError:
        fails.append(step)
        print(step, "spike", int(Q.size()))
    if step % 5 == 4:
        ids, losses = Q.dequeue_many(Q.size())
        got = ids.numpy().tolist()
        drained.append(got)
        print("  drained", got)

print(json.dumps({
    "fails": fails, "drained": drained, "left": int(Q.size()),
    "w": [repr(float(v)) for v in W.numpy().ravel()], "b": repr(float(B.numpy())),
}))
