"""A Keras Lambda layer receives a config namespace through `arguments=`; an attribute
of that namespace changes mid-run.

`keras.layers.Lambda(scaled_softsign, arguments={"cfg": AUG})` passes the program's
`types.SimpleNamespace` AUG to the function at every call (Lambda.call copies
self.arguments into keyword arguments).  The function reads `cfg.gain` and `cfg.shift`.
The Lambda layer's own dicts never change: `arguments` is the same dict holding the
same AUG object for the whole run.  The loop edits AUG's attributes: `AUG.gain = 0.5` at
step 10, `AUG.shift = 0.3` at step 18.  Eager's Lambda calls the function with the live
object each time.  The function is the program's code called back by Keras while a
graph is built, so its reads of `cfg.*` happen on an object that reached it only
through library code; the watched library dicts (the Lambda's, its arguments dict) see
no write.  A graph that guarded only the path the step itself took would keep gain 2.0
and shift 0.0.  Probes: program objects handed to callbacks by library code (not
called by it), attribute writes on them.
"""
import json
import types

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1326)
rng = np.random.default_rng(1326)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1]) + 0.2 * XS[:, 5:6]).astype(np.float32)

AUG = types.SimpleNamespace(gain=2.0, shift=0.0)


def scaled_softsign(h, cfg):
    z = cfg.gain * h + cfg.shift
    return z / (1.0 + tf.abs(z))


model = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(10),
    keras.layers.Lambda(scaled_softsign, arguments={"cfg": AUG}),
    keras.layers.Dense(1),
])
opt = keras.optimizers.Adam(learning_rate=0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 10:
        AUG.gain = 0.5
    if step == 18:
        AUG.shift = 0.3
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "aug": vars(AUG),
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
}))
