"""The step prints a per-step diagnostic line itself. For the quiet phase, steps 12-19, the
loop wraps the call in `contextlib.redirect_stdout(BUF)`, so eager's prints from inside the
step go to the StringIO buffer (while the loop's own line after the block reaches stdout);
afterwards the step's prints reach stdout again. The buffer's text is printed at the end."""
import contextlib
import io

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(516)

rng = np.random.default_rng(20)
XS = rng.normal(size=(64, 4)).astype("float32")
YS = (XS[:, :1] * XS[:, 1:2]).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="tanh"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(0.01)
BUF = io.StringIO()


def train_step(step, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print(f"  [step {step}] loss={float(loss):.6f} gnorm={float(tf.linalg.global_norm(grads)):.6f}")
    return loss


for step in range(30):
    i = (step * 8) % 56
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if 12 <= step < 20:
        with contextlib.redirect_stdout(BUF):
            loss = train_step(step, x, y)
    else:
        loss = train_step(step, x, y)
    print(step, repr(float(loss)))

print("captured", BUF.getvalue().splitlines())
