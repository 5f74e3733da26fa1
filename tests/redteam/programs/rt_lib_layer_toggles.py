"""Keras layer settings flipped mid-run in a functional Sequential model: the first Dense
layer's activation (relu -> tanh) at step 9, a Dropout layer's rate (0.1 -> 0.3) at step 16,
the second Dense layer frozen (trainable=False) at step 23, which shrinks
model.trainable_variables. Keras reads all of these on each call; freezing them is wrong."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(24)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(6)
X = tf.constant(rng.normal(size=(32, 5)))
Y = tf.constant(np.cos(rng.normal(size=(32, 1))))

model = tf.keras.Sequential([
    tf.keras.Input(shape=(5,)),
    tf.keras.layers.Dense(16, activation="relu", name="h1"),
    tf.keras.layers.Dropout(0.1, name="drop"),
    tf.keras.layers.Dense(8, activation="relu", name="h2"),
    tf.keras.layers.Dense(1, name="out"),
])
opt = tf.keras.optimizers.Adam(learning_rate=0.01)
opt.build(model.trainable_variables)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    tv = model.trainable_variables
    grads = tape.gradient(loss, tv)
    opt.apply_gradients(zip(grads, tv))
    return loss, len(tv)


for step in range(32):
    if step == 9:
        model.get_layer("h1").activation = tf.keras.activations.get("tanh")
    elif step == 16:
        model.get_layer("drop").rate = 0.3
    elif step == 23:
        model.get_layer("h2").trainable = False
    loss, ntv = train_step(X, Y)
    print(step, repr(float(loss)), ntv, model.get_layer("h1").activation.__name__)

print("h2 kernel sum", repr(float(tf.reduce_sum(model.get_layer("h2").kernel))))
print("h1 kernel sum", repr(float(tf.reduce_sum(model.get_layer("h1").kernel))))
print("out bias", model.get_layer("out").bias.numpy().tolist())
print("iterations", int(opt.iterations))
