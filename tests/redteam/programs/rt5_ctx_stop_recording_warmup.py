"""Two-stage training of an encoder + head: during warm-up the encoder's forward pass runs
inside `tape.stop_recording()` (chosen by the global FREEZE_ENCODER), so only the head gets
gradients; the step filters out None gradients. At step 12 the loop sets FREEZE_ENCODER to
False and eager records the encoder again, so its kernel starts moving."""
import contextlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(507)

rng = np.random.default_rng(11)
XS = rng.normal(size=(60, 6)).astype("float32")
YS = np.tanh(XS[:, :2].sum(axis=1, keepdims=True)).astype("float32")

encoder = tf.keras.layers.Dense(5, activation="tanh")
head = tf.keras.layers.Dense(1)
encoder.build((None, 6))
head.build((None, 5))
VARS = encoder.trainable_variables + head.trainable_variables
opt = tf.keras.optimizers.Adam(0.03)
opt.build(VARS)
FREEZE_ENCODER = True
N_GRADS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        ctx = tape.stop_recording() if FREEZE_ENCODER else contextlib.nullcontext()
        with ctx:
            h = encoder(x)
        loss = tf.reduce_mean(tf.square(head(h) - y))
    grads = tape.gradient(loss, VARS)
    pairs = [(g, v) for g, v in zip(grads, VARS) if g is not None]
    opt.apply_gradients(pairs)
    N_GRADS.append(len(pairs))
    return loss


for step in range(30):
    if step == 12:
        FREEZE_ENCODER = False
    i = (step * 6) % 54
    loss = train_step(tf.constant(XS[i:i + 6]), tf.constant(YS[i:i + 6]))
    print(step, repr(float(loss)), N_GRADS[-1], repr(float(encoder.kernel[0, 0])))

print("N_GRADS", N_GRADS)
print("iterations", int(opt.iterations))
