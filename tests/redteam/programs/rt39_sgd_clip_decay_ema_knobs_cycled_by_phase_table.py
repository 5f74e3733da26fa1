"""A fine-tuning loop walks a phase table that changes the optimizer's knobs between
calls: SGD(momentum) with `use_ema=True`; phases set `clipnorm`, then `global_clipnorm`
(clipnorm back to None), `weight_decay` from None to 0.05 and back, `ema_momentum` from
0.99 to 0.5, `ema_overwrite_frequency` from None to 3, and `learning_rate` via Keras'
setter.  The step is a plain Keras step that also logs the global norm of the raw
gradients with a format spec.  Printed per step: loss, norm, lr and the first EMA
slot values.  Probes: optimizer hyperparameters changed mid-run (clipping, decay,
EMA) while the step is converted."""
import random

import numpy

random.seed(3916)
numpy.random.seed(3916)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3916)
rng = np.random.default_rng(3916)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = np.sin(2.0 * XS @ rng.normal(size=(5, 1))).astype(np.float32)
MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1, momentum=0.5, use_ema=True, ema_momentum=0.99)
LOSS = keras.losses.MeanSquaredError()

PHASES = {
    4: {"clipnorm": 0.2},
    8: {"clipnorm": None, "global_clipnorm": 0.3},
    12: {"weight_decay": 0.05},
    16: {"ema_momentum": 0.5},
    20: {"ema_overwrite_frequency": 3},
    25: {"weight_decay": None, "global_clipnorm": None, "learning_rate": 0.02},
    29: {"ema_overwrite_frequency": None, "clipnorm": 1e-3},
}


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, MODEL(x, training=True))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    norm = tf.linalg.global_norm(grads)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    line = f"loss={float(loss):.6f} norm={float(norm):.5e}"
    return loss, norm, line


for step in range(34):
    for k, v in PHASES.get(step, {}).items():
        setattr(OPT, k, v)
    i = (step * 16) % 80
    loss, norm, line = train_step(tf.constant(XS[i:i + 16]), tf.constant(YS[i:i + 16]))
    ema = [v for v in OPT.variables if "average" in v.path]
    print(step, line, repr(float(loss)), repr(float(norm)), repr(float(OPT.learning_rate)),
          ema[0].numpy().ravel()[:3].tolist() if ema else None)

for v in MODEL.weights:
    print(v.path, v.numpy().ravel()[:6].tolist())
print("opt", [(v.path, v.numpy().ravel()[:2].tolist()) for v in OPT.variables])
