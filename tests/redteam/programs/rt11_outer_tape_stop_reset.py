"""Meta-learning an input scale: the loop's tape spans two train_step calls (each with its
own tape and update); the loop differentiates l_a + 0.5*l_b w.r.t. a tf.Variable SCALE that
train_step reads from a global, and updates SCALE itself.
Step 10 on: on odd steps the second call runs under outer.stop_recording().
Step 14: SCALE is rebound to a new per-feature tf.Variable (shape (5,) instead of ()).
Step 18: first Dense activation relu -> elu. Step 22 on: the outer tape is persistent and
also asked for d l_a / d SCALE. Step 26 on: outer.reset() is called between the two calls
(only the second call's ops stay recorded)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1123)
rng = np.random.default_rng(1123)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (X @ np.array([[0.5], [-1.0], [2.0], [0.0], [1.0]], dtype="float32")).astype("float32")

l1 = keras.layers.Dense(10, activation="relu")
model = keras.Sequential([keras.Input((5,)), l1, keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.02)
SCALE = tf.Variable(1.0)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x * SCALE, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


rows = []
for step in range(32):
    if step == 14:
        SCALE = tf.Variable(tf.fill([5], float(SCALE.numpy())))
    elif step == 18:
        l1.activation = keras.activations.elu
    i = (step * 16) % 48
    j = (i + 24) % 48
    xa, ya = tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16])
    xb, yb = tf.constant(X[j:j + 16]), tf.constant(Y[j:j + 16])
    with tf.GradientTape(persistent=step >= 22) as outer:
        l_a = train_step(xa, ya)
        if step >= 26:
            outer.reset()
        if step >= 10 and step % 2 == 1:
            with outer.stop_recording():
                l_b = train_step(xb, yb)
        else:
            l_b = train_step(xb, yb)
        meta = l_a + 0.5 * l_b
    g = outer.gradient(meta, SCALE)
    extra = None
    if step >= 22:
        ga = outer.gradient(l_a, SCALE)
        extra = None if ga is None else tf.reduce_sum(ga).numpy().item()
    del outer
    gsum = None if g is None else tf.reduce_sum(g).numpy().item()
    if g is not None:
        SCALE.assign_sub(0.01 * g)
    rows.append([float(l_a), float(l_b), gsum, extra])
    print(step, *[repr(v) for v in rows[-1]])

print(json.dumps({
    "rows": rows,
    "scale": np.ravel(SCALE.numpy()).tolist(),
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
