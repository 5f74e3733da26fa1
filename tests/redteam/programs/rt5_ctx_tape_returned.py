"""A forward/backward split: `forward()` opens a persistent GradientTape, computes a main loss
and an auxiliary loss weighted by the global AUX_WEIGHT, and returns the tape with both
losses; the loop takes two gradients from that tape outside the function and applies their
sum. At step 12 AUX_WEIGHT goes from 0.0 to 0.5; eager's returned tape recorded the new
weighting, so the combined gradient changes."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(508)

rng = np.random.default_rng(12)
XS = rng.normal(size=(56, 4)).astype("float32")
YS = (XS @ rng.normal(size=(4, 2))).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(6, activation="relu"),
                             tf.keras.layers.Dense(2)])
opt = tf.keras.optimizers.SGD(0.05)
AUX_WEIGHT = 0.0
TAPES_MADE = 0


def forward(x, y):
    global TAPES_MADE
    with tf.GradientTape(persistent=True) as tape:
        pred = model(x, training=True)
        main = tf.reduce_mean(tf.square(pred - y))
        aux = AUX_WEIGHT * tf.reduce_mean(tf.abs(pred))
    TAPES_MADE += 1
    return tape, main, aux


for step in range(30):
    if step == 12:
        AUX_WEIGHT = 0.5
    i = (step * 8) % 48
    tape, main, aux = forward(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    g_main = tape.gradient(main, model.trainable_variables)
    g_aux = tape.gradient(aux, model.trainable_variables)
    del tape
    grads = [a + b for a, b in zip(g_main, g_aux)]
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print(step, repr(float(main)), repr(float(aux)), TAPES_MADE)

print("bias", model.layers[-1].bias.numpy().tolist())
