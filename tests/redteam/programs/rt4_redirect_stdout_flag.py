"""The step prints its progress inside `with contextlib.redirect_stdout(target):` where target
is the trainer's StringIO buffer when trainer.quiet is set, else sys.stdout; a print after
the block always goes to the real stdout. At step 15 the loop sets trainer.quiet = True:
the in-block lines must land in the buffer (printed at the end), in order, not on stdout."""
import contextlib
import io
import sys
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(149)
rng = np.random.default_rng(149)
X = tf.constant(rng.normal(size=(18, 4)))
Y = tf.constant(rng.normal(size=(18, 2)))


class Trainer:
    def __init__(self):
        self.layer = keras.layers.Dense(2)
        self.layer.build((None, 4))
        self.opt = keras.optimizers.Adagrad(0.1)
        self.quiet = False
        self.buf = io.StringIO()

    def train_step(self, x, y, step):
        target = self.buf if self.quiet else sys.stdout
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.layer(x) - y))
        grads = tape.gradient(loss, self.layer.trainable_variables)
        self.opt.apply_gradients(zip(grads, self.layer.trainable_variables))
        with contextlib.redirect_stdout(target):
            print("  detail", step, repr(float(loss)))
            print("  gnorm", repr(float(tf.linalg.global_norm(grads))))
        print("step", step)
        return loss


tr = Trainer()
for step in range(32):
    if step == 15:
        tr.quiet = True
    tr.train_step(X, Y, step)

captured = tr.buf.getvalue().splitlines()
print("captured", len(captured))
for line in captured:
    print("buf:", line)
print("final", repr(float(tf.reduce_sum(tr.layer.kernel))), int(tr.opt.iterations), sys.stdout is sys.__stdout__)
