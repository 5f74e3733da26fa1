"""The loss is a `functools.partial(weighted_loss, pos_weight=1.0, margin=0.0)` stored in a
global dict of loss functions. At step 13 the loop rebalances classes by editing the
partial's own keyword dict in place (`LOSSES["main"].keywords["pos_weight"] = 3.0`); the
partial object and the dict entry keep their identity, and eager's call uses the new
keyword from then on."""
import functools

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(512)

rng = np.random.default_rng(16)
XS = rng.normal(size=(64, 5)).astype("float32")
YS = (XS[:, :1] + 0.5 * XS[:, 1:2] > 0.8).astype("float32")


def weighted_loss(y, logits, pos_weight, margin):
    per = tf.nn.weighted_cross_entropy_with_logits(y, logits - margin, pos_weight)
    return tf.reduce_mean(per)


LOSSES = {"main": functools.partial(weighted_loss, pos_weight=1.0, margin=0.0)}
KEEP = LOSSES["main"]
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(6, activation="relu"),
                             tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSSES["main"](y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 13:
        LOSSES["main"].keywords["pos_weight"] = 3.0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print("keywords", sorted(KEEP.keywords.items()), LOSSES["main"] is KEEP)
print("bias", model.layers[-1].bias.numpy().tolist())
