"""Models nested 40 deep (a Sequential holding a Sequential holding ...), the innermost
holding a Dense layer: the loop changes that layer's activation at step 8."""
import json, random
import keras, numpy as np, tensorflow as tf
random.seed(0); np.random.seed(0); keras.utils.set_random_seed(6)
rng = np.random.default_rng(6)
XS = rng.normal(size=(48, 4)).astype(np.float32); YS = rng.normal(size=(48, 1)).astype(np.float32)
INNER = keras.layers.Dense(4, activation="tanh")
block = keras.Sequential([INNER])
for _ in range(40):
    block = keras.Sequential([block])
model = keras.Sequential([keras.Input((4,)), block, keras.layers.Dense(1)])
opt = keras.optimizers.SGD(0.05)
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    g = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(g, model.trainable_variables))
    return loss
for step in range(14):
    if step == 8:
        INNER.activation = keras.activations.relu
    i = (step * 4) % 44
    loss = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, repr(float(loss)))
print(json.dumps({"W": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()]}))
