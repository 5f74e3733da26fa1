"""Distillation-style step `train_step(student_it, teacher_it)` that pulls one batch from
each argument in turn (`s = next(student_it)`, then `t = next(teacher_it)`) and, when
`student_it is teacher_it`, treats the two batches as consecutive views of one stream
(a consistency loss) instead of student/teacher pairs.  The loop passes (A, B) for 12
steps, then the same iterator twice (A, A) for 12, then alternates (B, B) and (A, B).
Probes: one tf.data iterator handed as two arguments (two pulls from one stream in
program order) and `is` between iterator arguments deciding the step's path: ids each
call sees, where each iterator stands at the end."""
import random

import numpy

random.seed(5117)
numpy.random.seed(5117)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5117)
rng = np.random.default_rng(5117)

N = 70
XS = rng.normal(size=(N, 3)).astype(np.float32)
YS = (XS @ np.array([0.3, 0.6, -0.9], np.float32)).astype(np.float32)
DS_A = tf.data.Dataset.from_tensor_slices((np.arange(N, dtype=np.int64), XS, YS)).batch(2).repeat()
DS_B = tf.data.Dataset.from_tensor_slices((np.arange(500, 500 + N, dtype=np.int64), XS[::-1].copy(), YS[::-1].copy())).batch(2).repeat()
A = iter(DS_A)
B = iter(DS_B)

W = tf.Variable(tf.zeros((3,)), name="w")
OPT = keras.optimizers.SGD(learning_rate=0.05)
MODES = []


def train_step(student_it, teacher_it):
    s_ids, sx, sy = next(student_it)
    t_ids, tx, ty = next(teacher_it)
    same = student_it is teacher_it
    with tf.GradientTape() as tape:
        ps = tf.linalg.matvec(sx, W)
        pt = tf.linalg.matvec(tx, W)
        if same:
            loss = tf.reduce_mean(tf.square(ps - sy)) + tf.reduce_mean(tf.square(pt - ty))
        else:
            loss = tf.reduce_mean(tf.square(ps - sy)) + 0.5 * tf.reduce_mean(tf.square(ps - tf.reverse(pt, [0])))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    MODES.append("same" if same else "pair")
    return loss, s_ids.numpy().tolist(), t_ids.numpy().tolist()


for step in range(40):
    if step < 12:
        args = (A, B)
    elif step < 24:
        args = (A, A)
    elif step % 2 == 0:
        args = (B, B)
    else:
        args = (A, B)
    loss, s, t = train_step(*args)
    print(step, MODES[-1], s, t, repr(float(loss)))

print(json.dumps({
    "a_next": next(A)[0].numpy().tolist(),
    "b_next": next(B)[0].numpy().tolist(),
    "modes": MODES.count("same"),
    "w": [repr(float(v)) for v in W.numpy()],
}))
