"""Besides training, the program keeps a tf.function for evaluation and, at steps 10,
20 and the end, traces it for a new input signature and prints the concrete
function's name.  TF names each traced graph from a process-wide counter
(ops.uid(), "__inference_evaluate_<n>"), which every graph TF traces and every eager
call of a tf.custom_gradient function moves.  The step calls a custom-gradient clip
(tf.custom_gradient, eager runs its decorator per call).  At step 15 the loop switches
CLIP from 1.0 to 0.5.  Probes: process-wide counters of TensorFlow that eager's
per-call work advances, seen through names the program prints."""
# (Seeded here so that Python's and numpy's global generators end the same in both
# modes: the test compares their states.)
import random

import numpy

random.seed(2722)
numpy.random.seed(2722)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(27221)
rng = np.random.default_rng(27221)
XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = np.sin(XS.sum(axis=1, keepdims=True)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(5, 8)).astype(np.float32) * 0.4)
W2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.4)
OPT = keras.optimizers.SGD(learning_rate=0.05)
CLIP = 1.0


@tf.custom_gradient
def clip_grad(x):
    def grad(dy):
        return tf.clip_by_value(dy, -CLIP, CLIP)
    return tf.identity(x), grad


@tf.function
def evaluate(x):
    return tf.reduce_mean(tf.tanh(x @ W1) @ W2)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = clip_grad(tf.tanh(x @ W1))
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, [W1, W2])
    OPT.apply_gradients(zip(grads, [W1, W2]))
    return loss


def trace_name(rows):
    spec = tf.TensorSpec([rows, 5], tf.float32)
    return evaluate.get_concrete_function(spec).name.decode()


for step in range(30):
    if step == 15:
        CLIP = 0.5
    if step in (10, 20):
        print("trace", trace_name(step))
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print("trace", trace_name(30))
print(json.dumps({
    "W1": [repr(float(v)) for v in W1.numpy().ravel()[:6]],
    "W2": [repr(float(v)) for v in W2.numpy().ravel()],
}))
