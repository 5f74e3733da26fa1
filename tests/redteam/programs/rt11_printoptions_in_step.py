"""The step changes numpy's global print options between its own prints of a tensor and of
an ndarray made from it (an EagerTensor's str/repr formats through numpy too), then puts
them back. Which options is a global choice changed from the loop:
Step 10: PREC 3 -> 1. Step 16: the step also passes floatmode="fixed" (FIXED = True).
Step 22: the step uses `with np.printoptions(...)` (a context manager) instead of
set_printoptions (CTX = True). Step 27: PREC = 6 and the loop itself sets a global
linewidth of 40 that the step's prints then wrap at."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1126)
rng = np.random.default_rng(1126)
X = rng.normal(size=(64, 3)).astype("float32")
Y = (X @ np.array([[1.0, 0.5], [-0.5, 1.0], [0.25, -2.0]], dtype="float32")).astype("float32")

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="tanh"),
                          keras.layers.Dense(2)])
opt = keras.optimizers.SGD(learning_rate=0.1)
PREC = 3
FIXED = False
CTX = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    head = pred[:2]
    print("default:", head.numpy())
    if CTX:
        with np.printoptions(precision=PREC, suppress=True):
            print("ctx:", head.numpy(), head)
    else:
        if FIXED:
            np.set_printoptions(precision=PREC, floatmode="fixed")
        else:
            np.set_printoptions(precision=PREC)
        print("set:", head.numpy())
        print("tensor:", head)
        np.set_printoptions(precision=8, floatmode="maxprec")
    print("after:", grads[1].numpy())
    return loss


losses = []
for step in range(31):
    if step == 10:
        PREC = 1
    elif step == 16:
        FIXED = True
    elif step == 22:
        CTX = True
    elif step == 27:
        PREC = 6
        np.set_printoptions(linewidth=40)
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)))

np.set_printoptions(linewidth=75)
print(json.dumps({
    "losses": losses,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
