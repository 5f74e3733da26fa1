"""Custom loop whose step logs through a `logging.Logger` (to stdout, with a program Filter
that counts the records it lets through) and prints, in a fixed interleaving.
At step 15 the loop calls log.setLevel(logging.WARNING) (was DEBUG): the step's info and
debug records must vanish from then on while warnings, prints and the filter count go on;
a converter that replays logs after the graph must still honour the level at that time."""
import logging
import sys
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(131)
rng = np.random.default_rng(131)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))


class CountFilter(logging.Filter):
    def __init__(self):
        super().__init__()
        self.passed = 0

    def filter(self, record):
        self.passed += 1
        return True


log = logging.getLogger("rt4.train")
log.propagate = False
handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(levelname)s|%(message)s"))
counter = CountFilter()
handler.addFilter(counter)
log.addHandler(handler)
log.setLevel(logging.DEBUG)

layer = keras.layers.Dense(1)
layer.build((None, 3))
opt = keras.optimizers.SGD(0.1)


def train_step(x, y, step):
    log.debug("enter %d", step)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(x) - y))
    grads = tape.gradient(loss, layer.trainable_variables)
    opt.apply_gradients(zip(grads, layer.trainable_variables))
    lv = float(loss)
    print("step", step, repr(lv))
    log.info("loss=%.6f", lv)
    if lv > 1.2 or step % 5 == 0:
        log.warning("check loss at %d: %.4f", step, lv)
    sys.stdout.write("done %d\n" % step)
    return lv


for step in range(34):
    if step == 15:
        log.setLevel(logging.WARNING)
    lv = train_step(X, Y, step)
    sys.stdout.flush()

print("final", repr(float(tf.reduce_sum(layer.kernel))), counter.passed, log.level, int(opt.iterations))
