"""Per-variable settings Keras reads inside the step (optimizer constraint pass, model.losses
regularization, overwrite_with_gradient) changed mid-run, mostly on objects held only by
variables, not by layers' own attributes.
Step 10: the MaxNorm constraint object's max_value 2.0 -> 0.3 (in place).
Step 13: the L2 regularizer object's l2 0.01 -> 0.1 (in place).
Step 16: layer2.kernel.constraint = NonNeg() (a variable that had none).
Step 20: layer2.bias.overwrite_with_gradient = True (bias becomes its gradient).
Step 24: ... = False. Step 27: layer1.kernel.constraint = None.
Step 30: layer1.kernel.regularizer = None."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1113)
rng = np.random.default_rng(1113)
X = rng.normal(size=(64, 5)).astype("float32")
Y = (X @ rng.normal(size=(5, 2)) * 2.0).astype("float32")

maxnorm = keras.constraints.MaxNorm(2.0)
l2 = keras.regularizers.L2(0.01)
layer1 = keras.layers.Dense(8, activation="tanh", kernel_constraint=maxnorm,
                            kernel_regularizer=l2)
layer2 = keras.layers.Dense(2)
model = keras.Sequential([keras.Input((5,)), layer1, layer2])
opt = keras.optimizers.SGD(learning_rate=0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        mse = tf.reduce_mean(tf.square(pred - y))
        reg = tf.add_n(model.losses) if model.losses else tf.constant(0.0)
        loss = mse + reg
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return mse, reg


rows = []
for step in range(34):
    if step == 10:
        maxnorm.max_value = 0.3
    elif step == 13:
        l2.l2 = 0.1
    elif step == 16:
        layer2.kernel.constraint = keras.constraints.NonNeg()
    elif step == 20:
        layer2.bias.overwrite_with_gradient = True
    elif step == 24:
        layer2.bias.overwrite_with_gradient = False
    elif step == 27:
        layer1.kernel.constraint = None
    elif step == 30:
        layer1.kernel.regularizer = None
    i = (step * 16) % 48
    mse, reg = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(mse), float(reg)])
    print(step, repr(float(mse)), repr(float(reg)),
          repr(float(tf.reduce_max(tf.norm(layer1.kernel, axis=0)))))

print(json.dumps({
    "rows": rows,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
