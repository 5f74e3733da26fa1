"""A curriculum hook inside the training step: at the top of every call the step
itself looks up the current PHASE (a global string the loop changes at steps 10, 20,
30) and WRITES the phase's settings into the library objects it is about to use:
`DROP.rate`, `LOSS._fn_kwargs["label_smoothing"]`, `OPT.clipnorm` and
`BN.momentum`.  Keras' Dropout.call, the loss wrapper, the optimizer's apply and the
BatchNormalization call then read those attributes in the SAME call, so in eager the
first step of a phase already trains with the phase's settings.

Probes: writes the step makes to library objects that library code reads later in
the same call.  A converter that defers the writes to the commit while Keras' code
reads the objects' dicts natively during the build builds the first call of each
phase with the previous phase's rate / smoothing / clipnorm / momentum (and the
commit's write then marks the graph stale, so only that call differs); one that
builds once and only guards PHASE misses the change in the library dicts.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1418)
rng = np.random.default_rng(1418)

N_STEPS = 40
XS = rng.normal(size=(N_STEPS, 8, 6)).astype(np.float32)
LAB = rng.integers(0, 3, size=(N_STEPS, 8))
YS = np.eye(3, dtype=np.float32)[LAB]
XS[np.arange(N_STEPS)[:, None], np.arange(8)[None, :], LAB] += 1.0

DROP = keras.layers.Dropout(0.05, seed=11)
BN = keras.layers.BatchNormalization(momentum=0.99)
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          BN, DROP, keras.layers.Dense(3)])
LOSS = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.0)
OPT = keras.optimizers.SGD(learning_rate=0.3)
SETTINGS = {
    "warmup": (0.05, 0.0, None, 0.99),
    "regular": (0.3, 0.1, 1.0, 0.9),
    "strong": (0.6, 0.3, 0.05, 0.5),
    "finetune": (0.1, 0.0, 0.5, 0.99),
}
PHASE = "warmup"


def train_step(x, y):
    rate, smooth, clip, momentum = SETTINGS[PHASE]
    DROP.rate = rate
    LOSS._fn_kwargs["label_smoothing"] = smooth
    OPT.clipnorm = clip
    BN.momentum = momentum
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(N_STEPS):
    if step == 10:
        PHASE = "regular"
    elif step == 20:
        PHASE = "strong"
    elif step == 30:
        PHASE = "finetune"
    loss = train_step(tf.constant(XS[step]), tf.constant(YS[step]))
    if step % 10 in (0, 1, 5, 9):
        print(step, PHASE, repr(float(loss)),
              "mm0=%r" % float(BN.moving_mean.numpy()[0]),
              "k00=%r" % float(MODEL.layers[0].kernel.numpy()[0, 0]),
              "rate=%r clip=%r" % (DROP.rate, OPT.clipnorm))

print(json.dumps({
    "k0": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
    "k_out": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()[:8]],
    "moving_mean": [repr(float(v)) for v in BN.moving_mean.numpy()[:4]],
    "moving_var": [repr(float(v)) for v in BN.moving_variance.numpy()[:4]],
    "seed_state": [int(v) for v in DROP.seed_generator.state.numpy()],
    "final": [DROP.rate, LOSS._fn_kwargs["label_smoothing"], OPT.clipnorm, BN.momentum],
}))
