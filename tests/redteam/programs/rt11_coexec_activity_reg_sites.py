"""Co-execution (the step draws numpy noise from a Generator made outside, scaled by a
numpy reduction of the encoder's output, so it cannot be one graph) with site calls whose
arguments and regularization state vary: an encoder layer with an activity regularizer
whose losses the step reads back (`enc.losses`), a Concatenate called with a Python list
whose length varies, and a model called with a `training` flag from the loop.
Step 10: the first encoder layer gets activity_regularizer = L1(0.01) (it had none).
Step 14: that regularizer object's l1 is mutated in place to 0.1.
Step 18: N_BRANCH (list length passed to Concatenate) 2 -> 3 (another, prebuilt head).
Step 22: TRAIN flag False (Dropout off). Step 26: activity_regularizer = None."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1133)
rng = np.random.default_rng(1133)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (X[:, :1] * X[:, 1:2] + X[:, 2:3]).astype("float32")
noise_rng = np.random.default_rng(99)

enc = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"),
                        keras.layers.Dropout(0.2)])
concat = keras.layers.Concatenate()
heads = {2: keras.layers.Dense(1), 3: keras.layers.Dense(1)}
heads[2].build((None, 12))
heads[3].build((None, 18))
opt = keras.optimizers.Adam(learning_rate=0.01)
ALL = enc.trainable_variables + heads[2].trainable_variables + heads[3].trainable_variables
opt.build(ALL)
N_BRANCH = 2
TRAIN = True
REG = keras.regularizers.L1(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        h = enc(x, training=TRAIN)
        scale = float(np.abs(h.numpy()).mean())
        parts = [h]
        for _ in range(N_BRANCH - 1):
            parts.append(h + tf.constant(noise_rng.normal(size=h.shape).astype("float32") * scale))
        z = concat(parts)
        pred = heads[N_BRANCH](z)
        reg = tf.add_n(enc.losses) if enc.losses else tf.constant(0.0)
        loss = tf.reduce_mean(tf.square(pred - y)) + reg
    tv = enc.trainable_variables + heads[N_BRANCH].trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, reg, len(enc.losses)


rows = []
for step in range(31):
    if step == 10:
        enc.layers[0].activity_regularizer = REG
    elif step == 14:
        REG.l1 = 0.1
    elif step == 18:
        N_BRANCH = 3
    elif step == 22:
        TRAIN = False
    elif step == 26:
        enc.layers[0].activity_regularizer = None
    i = (step * 16) % 48
    loss, reg, nl = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), float(reg), nl])
    print(step, repr(float(loss)), repr(float(reg)), nl)

print(json.dumps({
    "rows": rows,
    "losses_after": [float(v) for v in enc.losses],
    "weights": [w.numpy().ravel().tolist() for w in ALL],
}))
