"""Distillation step that takes a student batch and a teacher batch as (x, y) tuples;
when the caller passes the very same tuple for both (every other step, to save an
input pipeline), the step notices with `if teacher_batch is student_batch:` and
reuses the student's forward pass instead of running the teacher on other data,
counting the shortcut in an attribute.  The loss therefore differs between the two
cases.  Probes: `is` between two tuple arguments of a converted step (aliasing that
changes between calls)."""
import random

import numpy

random.seed(56)
numpy.random.seed(56)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4148)
rng = np.random.default_rng(4148)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.2 * XS[:, 1:2]).astype(np.float32)
student = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                            keras.layers.Dense(1)])
teacher = keras.Sequential([keras.Input((4,)), keras.layers.Dense(12, activation="tanh"),
                            keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Stats:
    shortcuts = 0


ST = Stats()


def train_step(student_batch, teacher_batch):
    x, y = student_batch
    with tf.GradientTape() as tape:
        ps = student(x)
        if teacher_batch is student_batch:
            ST.shortcuts += 1
            target = 0.5 * y + 0.5 * teacher(x)
        else:
            tx, ty = teacher_batch
            target = 0.5 * y + 0.5 * tf.reduce_mean(teacher(tx)) + 0.0 * ty[:1]
        loss = tf.reduce_mean(tf.square(ps - target))
    grads = tape.gradient(loss, student.trainable_variables)
    OPT.apply_gradients(zip(grads, student.trainable_variables))
    return loss


for step in range(34):
    i = (step * 8) % 80
    sb = (tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    tb = sb if step % 2 else (tf.constant(XS[i + 8:i + 16]), tf.constant(YS[i + 8:i + 16]))
    loss = train_step(sb, tb)
    print(step, repr(float(loss)), ST.shortcuts)

print("vars", [repr(float(tf.reduce_sum(v))) for v in student.trainable_variables])
