"""A classifier step returns a log line built in the step from tensors of several dtypes
and Python numbers with many kinds of formatting: `f"{loss:.4f}"`, `f"{loss:>12}"`
(no type: numpy's str), `f"{acc:.2%}"`, `f"{correct:05d}"` of an int32 tensor,
`f"{big:,}"` of an int64 tensor, `f"{loss:e}"`, `f"{flag}"` of a bool tensor,
`f"{loss!s}"`, `f"{loss=}"` (repr of the EagerTensor), `"%r" % (n,)`,
`f"{float(loss):g}"`, and `str(probs[:2])` of a float32 vector.  The hot step
writes the line to a list attribute and returns it.  Probes: text made from graph values
of many dtypes and format specs."""
import random

import numpy

random.seed(3921)
numpy.random.seed(3921)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3921)
rng = np.random.default_rng(3921)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 3))).argmax(axis=1).astype(np.int32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3)])
OPT = keras.optimizers.Adam(0.05)
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


class Hist:
    lines = []


def train_step(x, y, base):
    with tf.GradientTape() as tape:
        logits = MODEL(x)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    pred = tf.argmax(logits, axis=1, output_type=tf.int32)
    correct = tf.reduce_sum(tf.cast(pred == y, tf.int32))
    acc = tf.cast(correct, tf.float32) / tf.cast(tf.size(y), tf.float32)
    big = tf.cast(correct, tf.int64) * 1234567 + base
    flag = acc > 0.5
    probs = tf.nn.softmax(logits[0])
    n = int(OPT.iterations)
    line = (f"{loss:.4f}|{loss:>12}|{acc:.2%}|{correct:05d}|{big:,}|{loss:e}|{flag}|"
            f"{loss!s}|{loss=}|" + "%r" % (n,) + f"|{float(loss):g}|" + str(probs[:2]))
    Hist.lines.append(line)
    return line


for step in range(24):
    i = (step * 16) % 80
    line = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]),
                      tf.constant(10 ** 9 + step, tf.int64))
    print(step, line)

for v in MODEL.weights:
    print(v.path, v.numpy().ravel().tolist())
print(len(Hist.lines), Hist.lines[-1] is line)
