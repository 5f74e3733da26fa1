"""An Adam subclass overrides `_clip_gradients` (which Keras' apply calls on the
gradient list) to record `float(tf.linalg.global_norm(grads))` in a Python list and to
scale the gradients down when the norm exceeds a limit the loop lowers mid-run.  The
step stays in the interpreter (it hashes the model's output bytes with zlib.crc32 to
pick a sample weight), so `apply_gradients` is a co-executed site whose graph holds the
program's override.  Probes: the program's Python inside a library method, a float()
of a graph value stored in Python state, at a co-execution site."""
import random
import numpy
random.seed(5)
numpy.random.seed(5)
import zlib
import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(335)
rng = np.random.default_rng(335)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1] * 2) + XS[:, 1:2]).astype(np.float32)
LIMIT = 3.0
NORMS = []


class RecordingAdam(keras.optimizers.Adam):
    def __init__(self, **kw):
        super().__init__(**kw)

    def _clip_gradients(self, grads):
        n = float(tf.linalg.global_norm(grads))
        NORMS.append(round(n, 6))
        scale = min(1.0, LIMIT / n)
        return [g * scale for g in grads]


model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)])
opt = RecordingAdam(learning_rate=0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        p = model(x)
        c = zlib.crc32(p.numpy().tobytes()) % 3
        loss = tf.reduce_mean(tf.square(p - y)) * (1.0 + 0.1 * c)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, c


for step in range(36):
    if step == 14:
        LIMIT = 0.5
    if step == 26:
        LIMIT = 100.0
    i = (step * 8) % 56
    loss, c = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, float(loss).hex(), c, NORMS[-1], len(NORMS))

print("norms", NORMS[-6:])
print("w", [float(tf.reduce_sum(v)).hex() for v in model.trainable_variables])
