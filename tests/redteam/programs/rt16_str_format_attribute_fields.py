"""Status lines are rendered from a template with attribute and item fields:
TEMPLATE.format(h=HP, m=MODE) with TEMPLATE = "lr={h.lr:.4f} wd={h.wd} mode={m[name]}
warm={m[warm]}".  str.format looks up h.lr, h.wd, m["name"], m["warm"] itself, in C.
The loop edits HP (a plain object) and MODE (a dict) in place; the step never reads
those fields any other way, so only format's own lookups see them.  The step also uses
`"{0.clip}".format(HP)` parsed back with float() as the clip norm.  In eager every line
shows the current values and the clip norm follows HP.clip.  A graph that ran str.format
at build time on guarded arguments (their identities) would keep printing and using the
values of the build.  Probes: attribute/item lookups made by str.format fields on
mutable objects."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1631)
rng = np.random.default_rng(1631)

XS = rng.normal(size=(80, 6)).astype(np.float32)
YS = np.tanh(XS @ rng.normal(size=(6, 1)).astype(np.float32)).astype(np.float32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.1)


class HParams:
    def __init__(self):
        self.lr = 0.1
        self.wd = 0.0
        self.clip = 1.0


HP = HParams()
MODE = {"name": "warm", "warm": True}
TEMPLATE = "lr={h.lr:.4f} wd={h.wd} mode={m[name]} warm={m[warm]}"


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    clip = float("{0.clip}".format(HP))
    grads = [tf.clip_by_norm(g, clip) for g in grads]
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    print(TEMPLATE.format(h=HP, m=MODE), "clip", clip)
    return loss


for step in range(30):
    if step == 8:
        HP.lr = 0.05
        MODE["name"] = "main"
    if step == 15:
        HP.clip = 0.01
        MODE["warm"] = False
    if step == 22:
        HP.wd = 1e-4
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "hp": vars(HP),
    "mode": MODE,
}))
