"""Loss-spike detection: the step appends float(loss) to a deque WINDOW and compares the
loss with `statistics.median(WINDOW)`; a spike halves the global learning rate LR and is
counted. At step 15 the loop widens the window to a new deque (`deque(WINDOW, maxlen=9)`),
so eager's median is taken over more, older losses from then on and the spike decisions and
LR follow."""
import collections
import statistics

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(525)

rng = np.random.default_rng(29)
XS = rng.normal(size=(64, 4)).astype("float32")
YS = (XS @ rng.normal(size=(4, 1)) + rng.standard_t(2, size=(64, 1))).astype("float32")
W = tf.Variable(tf.zeros([4, 1]))
B = tf.Variable(tf.zeros([1]))
WINDOW = collections.deque(maxlen=5)
LR = 0.1
SPIKES = []


def train_step(step, x, y):
    global LR
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    v = float(loss)
    WINDOW.append(v)
    med = statistics.median(WINDOW)
    if len(WINDOW) >= 3 and v > 1.5 * med:
        SPIKES.append(step)
        LR = LR * 0.5
    W.assign_sub(LR * gw)
    B.assign_sub(LR * gb)
    return loss, med


for step in range(32):
    if step == 15:
        WINDOW = collections.deque(WINDOW, maxlen=9)
    i = (step * 8) % 56
    loss, med = train_step(step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(med), repr(LR), len(WINDOW))

print("SPIKES", SPIKES, "WINDOW", list(WINDOW))
