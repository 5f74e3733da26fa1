"""Probe: Keras' own compiled training (fit / train_on_batch / evaluate, traced by Keras
into its own tf.function) run after, between and before the program's hot custom
GradientTape steps on the same model, optimizer and layers.

The model has an activity regularizer and a layer that calls `self.add_loss`, so Keras'
loss bookkeeping (`layer._losses`, cleared per call) matters in both paths. Phase A: 24
custom steps (hot, a candidate for conversion) that add `sum(model.losses)`. Phase B:
`model.fit` for 2 epochs (verbose=0, no shuffle) and 3 `train_on_batch` calls, plus
`model.evaluate`. Phase C: 12 more custom steps, then `train_on_batch` again. A runtime
that patches Keras internals at its first build (`Layer._clear_losses`, tracing hooks,
the context's RNG) or leaves graph tensors in `_losses` could change what Keras' own
tf.function computes, what `model.losses` holds afterwards, or the optimizer's state.
Mechanism: interference between converted program steps and the library's own graph
functions on shared objects."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1529)
rng = np.random.default_rng(1529)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :2].sum(axis=1, keepdims=True) > 0).astype(np.float32)


class KLish(keras.layers.Layer):
    def call(self, x):
        self.add_loss(1e-3 * tf.reduce_mean(tf.square(x)))
        return x


inputs = keras.Input((6,))
h = keras.layers.Dense(8, activation="relu",
                       activity_regularizer=keras.regularizers.L2(1e-3))(inputs)
h = KLish()(h)
out = keras.layers.Dense(1)(h)
model = keras.Model(inputs, out)
loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(learning_rate=0.01)
model.compile(optimizer=opt, loss=loss_fn)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits) + tf.add_n(model.losses)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def custom(n, offset):
    out = []
    for step in range(n):
        i = ((step + offset) * 8) % 88
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
        out.append(round(float(loss), 6))
    return out


a = custom(24, 0)
print("A", a[-4:], "losses", [(type(v).__name__, round(float(v), 7)) for v in model.losses], "it", int(opt.iterations.numpy()))
hist = model.fit(XS, YS, batch_size=16, epochs=2, shuffle=False, verbose=0)
print("fit", [round(v, 6) for v in hist.history["loss"]])
tob = [round(float(model.train_on_batch(XS[:8], YS[:8])), 6) for _ in range(3)]
print("train_on_batch", tob)
ev = model.evaluate(XS[:32], YS[:32], verbose=0)
print("evaluate", round(float(ev), 6), "losses", [type(v).__name__ for v in model.losses])
c = custom(12, 5)
print("C", c[-4:], "losses", [(type(v).__name__, round(float(v), 7)) for v in model.losses])
tob2 = round(float(model.train_on_batch(XS[8:16], YS[8:16])), 6)
print("train_on_batch2", tob2, "it", int(opt.iterations.numpy()))

print(json.dumps({"w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:8]],
                  "iterations": int(opt.iterations.numpy()),
                  "n_losses": len(model.losses)}))
