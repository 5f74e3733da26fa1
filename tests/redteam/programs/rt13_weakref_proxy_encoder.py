"""The step calls its encoder through a weakref.proxy; the encoder's activation and
dropout rate are changed mid-run on the real layer object.

A trainer that must not keep a model alive holds `self.encoder = weakref.proxy(enc)`
(a common way to break reference cycles between a trainer and a model it does not
own).  The step calls `self.encoder(x, training=True)` -- a call through the proxy's C
tp_call to Dense/Sequential.__call__ -- and never touches the layer object directly.
Mid-run the owner of the model changes it through its own reference: at step 10
`enc.layers[0].activation = keras.activations.tanh` (was relu), at step 18
`enc.layers[1].rate = 0.0` (dropout off).  Eager calls the live layers every time.  A
build that registered only the objects the step handed to library code (here: a
weakproxy, not a Layer) would not watch the Sequential's or the Dense layer's dicts and
would keep relu and dropout.  Probes: library objects reached through a C proxy
(weakref.proxy), library-state watching keyed on the object the step holds.
"""
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1318)
rng = np.random.default_rng(1318)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (np.sin(XS[:, :1]) - XS[:, 1:2]).astype(np.float32)

enc = keras.Sequential([
    keras.Input((6,)),
    keras.layers.Dense(12, activation="relu"),
    keras.layers.Dropout(0.3),
])
head = keras.layers.Dense(1)
head.build((None, 12))


class Trainer:
    def __init__(self, encoder, head):
        self.encoder = weakref.proxy(encoder)
        self.head = head
        self.opt = keras.optimizers.Adam(learning_rate=0.01)
        self.variables = encoder.trainable_variables + head.trainable_variables

    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            h = self.encoder(x, training=True)
            loss = tf.reduce_mean(tf.square(self.head(h) - y))
        grads = tape.gradient(loss, self.variables)
        self.opt.apply_gradients(zip(grads, self.variables))
        return loss


trainer = Trainer(enc, head)
for step in range(30):
    if step == 10:
        enc.layers[0].activation = keras.activations.tanh
    if step == 18:
        enc.layers[1].rate = 0.0
    i = (step * 8) % 88
    loss = trainer.train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "act": enc.layers[0].activation.__name__,
    "rate": enc.layers[1].rate,
    "kernel": [repr(float(v)) for v in enc.layers[0].kernel.numpy().ravel()[:8]],
    "head": [repr(float(v)) for v in head.kernel.numpy().ravel()[:6]],
    "next_uniform": repr(float(tf.random.uniform(()))),
}))
