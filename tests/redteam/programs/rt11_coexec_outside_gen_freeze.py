"""Co-execution: the step resumes a data generator made outside it (`next(DATA)`), so it
stays interpreted and its Keras calls are sites. Objects those sites use change mid-run:
Step 10: encoder.trainable = False (frozen; head still trains).
Step 12: the generator's global AUG noise scale changes (read lazily by the generator).
Step 16: DATA is replaced by a new generator (different seed and batch order).
Step 20: HEADS["main"] (a plain program dict) is pointed at a second, already-built head.
Step 24: the second head's activation -> sigmoid. Step 28: encoder.trainable = True and the
BinaryCrossentropy's from_logits kwarg flips (`_fn_kwargs`)."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1118)
rng = np.random.default_rng(1118)
X = rng.normal(size=(120, 6)).astype("float32")
Y = ((X[:, 0] + X[:, 1] * X[:, 2]) > 0).astype("float32")[:, None]
AUG = 0.0


def batches(seed):
    g = np.random.default_rng(seed)
    while True:
        idx = g.permutation(120)[:16]
        yield X[idx] + AUG * g.normal(size=(16, 6)).astype("float32"), Y[idx]


DATA = batches(1)
encoder = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                            keras.layers.Dense(8, activation="relu")])
head_a = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1, activation="sigmoid")])
head_b = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
HEADS = {"main": head_a}
bce = keras.losses.BinaryCrossentropy()
opt = keras.optimizers.Adam(learning_rate=0.01)
all_vars = encoder.trainable_variables + head_a.trainable_variables + head_b.trainable_variables
opt.build(all_vars)


def train_step():
    xb, yb = next(DATA)
    x = tf.constant(xb)
    with tf.GradientTape() as tape:
        feats = encoder(x, training=True)
        out = HEADS["main"](feats, training=True)
        loss = bce(tf.constant(yb), out)
    tv = encoder.trainable_variables + HEADS["main"].trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, float(xb.sum())


rows = []
for step in range(32):
    if step == 10:
        encoder.trainable = False
    elif step == 12:
        AUG = 0.3
    elif step == 16:
        DATA = batches(2)
    elif step == 20:
        HEADS["main"] = head_b
    elif step == 24:
        head_b.layers[0].activation = keras.activations.sigmoid
    elif step == 28:
        encoder.trainable = True
        bce._fn_kwargs["from_logits"] = True
    loss, xs = train_step()
    rows.append([float(loss), xs])
    print(step, repr(float(loss)), repr(xs))

print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in all_vars],
}))
