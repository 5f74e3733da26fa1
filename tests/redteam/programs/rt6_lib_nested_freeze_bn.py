"""Transfer-learning style freezing inside a nested model. A functional "backbone"
(Dense -> BatchNormalization -> Dense) is a layer of an outer Sequential. The optimizer is
built once with every variable. Step 12: the backbone's BatchNormalization is frozen
(Keras then also runs it in inference mode, so the forward pass changes, not only the
variable list). Step 19: the whole backbone is frozen. Step 26: only the backbone's
first Dense is unfrozen again. Step 32: the BatchNormalization is unfrozen."""
import random

import keras
import numpy as np
import tensorflow as tf

random.seed(17)
np.random.seed(17)
tf.random.set_seed(17)
keras.utils.set_random_seed(17)

rng = np.random.default_rng(41)
X = (rng.normal(size=(96, 5)) * 2.0 + 1.0).astype("float32")
Y = (X[:, :1] * X[:, 1:2] * 0.3 + 0.2 * rng.normal(size=(96, 1))).astype("float32")

inp = keras.Input((5,))
h = keras.layers.Dense(8, name="d1")(inp)
h = keras.layers.BatchNormalization(name="bn", momentum=0.8)(h)
h = keras.layers.Activation("relu")(h)
h = keras.layers.Dense(6, activation="tanh", name="d2")(h)
backbone = keras.Model(inp, h, name="backbone")
model = keras.Sequential([keras.Input((5,)), backbone, keras.layers.Dense(1, name="head")])

opt = keras.optimizers.Adam(learning_rate=0.02)
opt.build(model.trainable_variables)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    tvars = model.trainable_variables
    grads = tape.gradient(loss, tvars)
    opt.apply_gradients(zip(grads, tvars))
    return loss, len(tvars)


bn = backbone.get_layer("bn")
for step in range(38):
    if step == 12:
        bn.trainable = False
    elif step == 19:
        backbone.trainable = False
    elif step == 26:
        backbone.get_layer("d1").trainable = True
    elif step == 32:
        bn.trainable = True
    i = (step * 16) % 80
    loss, n = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), n, int(opt.iterations.numpy()),
          repr(float(np.sum(bn.moving_mean.numpy()))), repr(float(np.sum(bn.gamma.numpy()))))

for v in model.weights:
    print(v.path, v.trainable, repr(float(np.sum(v.numpy().astype(np.float64)))))
print("flags", backbone.trainable, [l.trainable for l in backbone.layers])
