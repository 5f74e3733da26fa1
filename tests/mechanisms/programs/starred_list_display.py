"""`[*SHIFTS, 1.0]` and `(*SCALES,)` in the step: displays that read every item of a
global list and tuple; the loop appends to SHIFTS at step 9, changes an item at step 14
and rebinds SCALES at step 18."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(62)
SHIFTS = [0.5]
SCALES = (1.0, 2.0)
w = tf.Variable(np.ones((3, 1), np.float32))


def train_step(x):
    shifts = [*SHIFTS, 1.0]
    scales = (*SCALES,)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w + sum(shifts))) * scales[-1]
    w.assign_sub(0.02 * tape.gradient(loss, w))
    return loss, len(shifts)


for i in range(24):
    if i == 9:
        SHIFTS.append(0.25)
    if i == 14:
        SHIFTS[0] = -1.0
    if i == 18:
        SCALES = (1.0, 0.5)
    loss, n = train_step(tf.constant(np.full((2, 3), 0.1 * i, np.float32)))
    print(i, repr(float(loss)), n)
print(w.numpy().ravel().tolist())
