"""The loss is looked up in a hook registry: HOOKS["loss"] holds the bound method
`ROBUST.huber` of a `Huber` helper instance (delta 1.0). At step 13 the loop registers the
same method of a second instance with a smaller delta (`HOOKS["loss"] = TIGHT.huber`): the
function object is the same, only its `__self__` differs, and eager's call uses the new
instance's delta and its per-instance call counter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(530)


class Huber:
    def __init__(self, delta):
        self.delta = delta
        self.calls = 0

    def huber(self, y, pred):
        self.calls += 1
        err = tf.abs(pred - y)
        quad = tf.minimum(err, self.delta)
        return tf.reduce_mean(0.5 * quad * quad + self.delta * (err - quad))


ROBUST = Huber(1.0)
TIGHT = Huber(0.1)
HOOKS = {"loss": ROBUST.huber}

rng = np.random.default_rng(34)
XS = rng.normal(size=(64, 4)).astype("float32")
YS = (XS @ np.array([[1.0], [0.5], [-1.0], [2.0]]) + rng.standard_t(1.5, size=(64, 1))).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = HOOKS["loss"](y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 13:
        HOOKS["loss"] = TIGHT.huber
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), ROBUST.calls, TIGHT.calls)

print("kernel", model.layers[0].kernel.numpy().ravel().tolist())
