"""BatchNormalization called as its own co-execution site with training=TRAIN: its moving
statistics are variable updates inside the site's graph. Mid-run: bn.trainable=False
(step 9: Keras 3 then normalises with the moving stats and stops updating them), momentum
changed (step 13), trainable back (step 17), TRAIN=False for steps 21-23, epsilon changed
(step 25), center/gamma frozen via gamma.trainable (step 28). crc32 of the normalised
activations keeps the step interpreted. Prints moving stats and gradients exactly."""
import json
import zlib

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(404)
rng = np.random.default_rng(404)
X = (rng.normal(size=(96, 5)) * 3 + 1).astype("float32")
Y = rng.normal(size=(96, 1)).astype("float32")

D1 = keras.layers.Dense(4)
BN = keras.layers.BatchNormalization()
D2 = keras.layers.Dense(1)
D1.build((None, 5))
BN.build((None, 4))
D2.build((None, 4))
TRAIN = True


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y):
    vs = D1.trainable_variables + BN.trainable_variables + D2.trainable_variables
    with tf.GradientTape() as tape:
        h = D1(x)
        h = BN(h, training=TRAIN)
        p = D2(tf.nn.relu(h))
        loss = tf.reduce_mean(tf.square(p - y))
    crc = zlib.crc32(h.numpy().tobytes()) % 997
    grads = tape.gradient(loss, vs)
    for v, g in zip(vs, grads):
        v.assign_sub(0.05 * g)
    return loss, grads, crc, len(vs)


for step in range(32):
    if step == 9:
        BN.trainable = False
    if step == 13:
        BN.momentum = 0.5
    if step == 17:
        BN.trainable = True
    if step == 21:
        TRAIN = False
    if step == 24:
        TRAIN = True
    if step == 25:
        BN.epsilon = 0.25
    if step == 28:
        BN.gamma.trainable = False
    i = (step * 8) % 88
    loss, grads, crc, n = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    print(step, repr(float(loss)), crc, n)
    print("  mm", flat(BN.moving_mean), "mv", flat(BN.moving_variance))
    print("  g", [flat(g) for g in grads[2:]])

print(json.dumps({
    "bn": [flat(v) for v in BN.weights],
    "d1": flat(D1.kernel),
    "d2": flat(D2.kernel),
}))
