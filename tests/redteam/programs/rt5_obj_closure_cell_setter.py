"""A label-noise schedule lives in a closure: `make_mixup()` returns `mix(x, y)`, which reads
the cell `alpha`, and `set_alpha(a)`, which rebinds it with `nonlocal`. The step calls
MIX(x, y) (interpolating each batch with its reversed copy) and counts calls in the closure's
second cell. At step 12 the loop calls SET_ALPHA(0.0) to switch mixing off; the function
objects are unchanged, and eager's mix reads the new cell value from then on."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(531)


def make_mixup(alpha):
    count = 0

    def mix(x, y):
        nonlocal count
        count += 1
        lam = 1.0 - alpha
        return lam * x + alpha * tf.reverse(x, [0]), lam * y + alpha * tf.reverse(y, [0])

    def set_alpha(a):
        nonlocal alpha
        alpha = a

    def calls():
        return count

    return mix, set_alpha, calls


MIX, SET_ALPHA, MIX_CALLS = make_mixup(0.3)

rng = np.random.default_rng(35)
XS = rng.normal(size=(64, 5)).astype("float32")
YS = np.eye(3, dtype="float32")[rng.integers(0, 3, size=64)]
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="relu"),
                             tf.keras.layers.Dense(3)])
opt = tf.keras.optimizers.Adam(0.02)
cce = tf.keras.losses.CategoricalCrossentropy(from_logits=True)


def train_step(x, y):
    xm, ym = MIX(x, y)
    with tf.GradientTape() as tape:
        loss = cce(ym, model(xm, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 12:
        SET_ALPHA(0.0)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), MIX_CALLS())

print("cells", [c.cell_contents for c in MIX.__closure__])
print("bias", model.layers[-1].bias.numpy().tolist())
