"""Library layer state changed in place: a Keras Rescaling layer built with a per-feature
scale list (Keras keeps it as a TrackedList, read by every call). At step 11 the loop
writes RESC.scale[1] = 3.0 in place, with no attribute store on the layer; the next
forward pass and all later losses must use the new scale as under the interpreter."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(72)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(72)
X = tf.constant(rng.normal(size=(20, 3)))
Y = tf.constant(rng.normal(size=(20, 1)))
RESC = tf.keras.layers.Rescaling(scale=[1.0, 0.5, 2.0], offset=0.1)
MODEL = tf.keras.Sequential([
    tf.keras.Input((3,)),
    RESC,
    tf.keras.layers.Dense(4, activation="relu"),
    tf.keras.layers.Dense(1),
])
OPT = tf.keras.optimizers.Adam(0.02)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss, pred


for i in range(30):
    if i == 11:
        RESC.scale[1] = 3.0
    loss, pred = train_step(X, Y)
    print(i, list(RESC.scale), repr(float(loss)), repr(float(pred[0, 0])))

print("summary", type(RESC.scale).__name__, [repr(float(tf.reduce_sum(v))) for v in MODEL.trainable_variables])
