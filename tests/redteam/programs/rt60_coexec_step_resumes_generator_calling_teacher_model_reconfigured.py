"""Knowledge distillation where the batches come from a program generator made
outside the step: the training step takes `x, soft = next(BATCHES)`, and the
generator itself computes the soft targets by calling a frozen teacher model
(`TEACHER(x, training=False)`, a Keras call made from the generator's frame) and
applying a temperature read from a global.  Resuming an outside generator keeps the
step in the interpreter; the student, the KL loss object and Adam run as graph
sites.  Mid-run the loop changes the teacher's Activation layer function (step 8),
copies the student's first-layer weights into the teacher with `set_weights`
(step 13), changes the global temperature (step 18), replaces BATCHES with a new
generator over another slice of the data (step 23), and changes the KL loss
object's reduction (step 28).
Probes: co-execution with the step resuming an outside generator whose frame makes
its own Keras calls (sites keyed in the generator's code), and library state of the
teacher (read by the generator's site) and of the loss changed between steps."""
import random

import numpy

random.seed(6026)
numpy.random.seed(6026)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(6026)
rng = np.random.default_rng(6026)
XS = rng.normal(size=(256, 6)).astype(np.float32)

TEACHER_ACT = keras.layers.Activation("relu")
t_in = keras.Input((6,))
TEACHER = keras.Model(t_in, keras.layers.Dense(4)(TEACHER_ACT(keras.layers.Dense(10)(t_in))))
STUDENT = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="relu"), keras.layers.Dense(4)])
KL = keras.losses.KLDivergence()
OPT = keras.optimizers.Adam(learning_rate=0.01)
TEMPERATURE = 2.0


def batches(start):
    pos = start
    while True:
        x = XS[pos:pos + 8] + np.random.normal(0.0, 0.05, size=(8, 6)).astype(np.float32)
        logits = TEACHER(x, training=False)
        soft = tf.nn.softmax(logits / TEMPERATURE)
        yield x, soft
        pos = (pos + 8) % 120 + start


BATCHES = batches(0)


def train_step():
    x, soft = next(BATCHES)
    with tf.GradientTape() as tape:
        pred = tf.nn.softmax(STUDENT(x, training=True) / TEMPERATURE)
        loss = KL(soft, pred)
    grads = tape.gradient(loss, STUDENT.trainable_variables)
    OPT.apply_gradients(zip(grads, STUDENT.trainable_variables))
    return loss, soft


for step in range(34):
    if step == 8:
        TEACHER_ACT.activation = keras.activations.tanh
    if step == 13:
        TEACHER.layers[1].set_weights(STUDENT.layers[0].get_weights())
    if step == 18:
        TEMPERATURE = 0.7
    if step == 23:
        BATCHES = batches(128)
    if step == 28:
        KL.reduction = "sum"
    loss, soft = train_step()
    print(step, repr(float(loss)), repr(float(soft.numpy()[0, 0])),
          repr(float(STUDENT.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({
    "s0": [repr(float(v)) for v in STUDENT.layers[0].kernel.numpy().ravel()[:8]],
    "s1": [repr(float(v)) for v in STUDENT.layers[1].kernel.numpy().ravel()[:8]],
    "np": int(np.random.randint(0, 10 ** 6)),
}))
