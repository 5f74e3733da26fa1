"""The step prints (with sep/end variations) and calls sys.stdout.write; the loop swaps
sys.stdout itself: from step 12 to step 21 it sets sys.stdout = io.StringIO() (capture),
then restores the real stream and echoes the captured text line by line. Output made by
the step must land in whichever stream sys.stdout is at the moment the step writes."""
import io
import sys
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(211)
rng = np.random.default_rng(211)
X = tf.constant(rng.normal(size=(22, 3)))
Y = tf.constant(rng.normal(size=(22, 1)))

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, activation="softsign"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adamax(0.05)
REAL = sys.stdout


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print("s", step, sep="=", end=" ")
    print("loss", repr(float(loss)))
    n = sys.stdout.write("w%d\n" % step)
    return n


total = 0
capture = None
for step in range(34):
    if step == 12:
        capture = io.StringIO()
        sys.stdout = capture
    if step == 22:
        sys.stdout = REAL
        for line in capture.getvalue().splitlines():
            print("captured:", line)
    total += train_step(X, Y, step)

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))), total,
      len(capture.getvalue()), sys.stdout is REAL, int(opt.iterations))
