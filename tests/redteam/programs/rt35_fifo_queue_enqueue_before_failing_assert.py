"""A global tf.queue.FIFOQueue of float32 scalars keeps recent losses: the step enqueues
float loss, dequeues when size() > 4, and then runs tf.debugging.assert_less(loss, LIMIT)
which fails on steps where the loss is above LIMIT (LIMIT drops at step 14); the loop
catches InvalidArgumentError.  Eagerly the enqueue/dequeue before the failed assert have
happened exactly once.  Probes: non-variable stateful resources (queues) under all-or-
nothing and re-run on failure."""
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

Q = tf.queue.FIFOQueue(64, tf.float32, shapes=[[]])
LIMIT = 100.0
FAILS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.tanh(x @ W1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    Q.enqueue(loss)
    if Q.size() > 4:
        Q.dequeue()
    tf.debugging.assert_less(loss, LIMIT)
    return loss


for step in range(30):
    if step == 14:
        LIMIT = 0.25
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        print(step, float(loss).hex(), int(Q.size()))
    except tf.errors.InvalidArgumentError:
        FAILS.append(step)
        print(step, "assert failed", int(Q.size()))
left = [float(v).hex() for v in Q.dequeue_many(Q.size()).numpy()]


def summary():
    return {"fails": FAILS, "left": left}

print(json.dumps({"W1": hexs(W1.numpy()), "W2": hexs(W2.numpy()),
                  "iters": int(OPT.iterations), "extra": summary()}, default=str))
