"""float32 Keras model (Dense, BatchNormalization, Dense) trained with Adam(0.05) over 40
steps on a fixed 24-row batch. At step 12 the loop sets the BatchNormalization layer's
`momentum` (read by its call) from 0.99 to 0.6; losses, moving statistics and weights must
equal the interpreter bit for bit (repr of every loss printed)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(52)

rng = np.random.default_rng(52)
X = tf.constant(rng.normal(size=(24, 6)).astype(np.float32) * 3.0)
Y = tf.constant(rng.normal(size=(24, 1)).astype(np.float32))

BN = tf.keras.layers.BatchNormalization()
MODEL = tf.keras.Sequential([
    tf.keras.Input((6,)),
    tf.keras.layers.Dense(8, activation="relu"),
    BN,
    tf.keras.layers.Dense(1),
])
OPT = tf.keras.optimizers.Adam(0.05)
LOSS = tf.keras.losses.MeanSquaredError()


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = LOSS(y, pred)
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for i in range(40):
    if i == 12:
        BN.momentum = 0.6
    loss = train_step(X, Y)
    print(i, repr(float(loss)), repr(float(BN.moving_mean[0])), repr(float(BN.moving_variance[1])),
          repr(float(BN.gamma[2])))

print("summary", [repr(float(tf.reduce_sum(v))) for v in MODEL.variables])
