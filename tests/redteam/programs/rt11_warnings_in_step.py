"""warnings.warn inside the step: what is shown depends on the warnings filters, on the
per-module __warningregistry__ that warn() itself writes (the "default" action shows a
(message, category, line) once), and on warnings.showwarning, which the program replaced by
a function printing to stdout. The loop changes the filters mid-run:
Step 10: WARN_LR = True (the same constant message every call -> shown once).
Step 15: simplefilter("always"). Step 20: filterwarnings("ignore", message="lr").
Step 24: resetwarnings() + simplefilter("default") (the registry is invalidated).
Step 27 on: the step wraps one warn in `warnings.catch_warnings(record=True)` and returns
how many it recorded. A data-dependent warning fires when float(loss) > 1.0."""
import json
import warnings
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1129)
rng = np.random.default_rng(1129)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, :1] * 2.0 + X[:, 2:3] ** 2).astype("float32")

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
SHOWN = []


def show(message, category, filename, lineno, file=None, line=None):
    SHOWN.append(str(message))
    print("WARNING", category.__name__, lineno, message)


warnings.showwarning = show
warnings.simplefilter("default")
WARN_LR = False
RECORD = False


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if WARN_LR:
        warnings.warn("lr may be too high", RuntimeWarning)
    if float(loss) > 1.0:
        warnings.warn("loss spike", UserWarning)
    recorded = -1
    if RECORD:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            warnings.warn("recorded inside", UserWarning)
        recorded = len(caught)
    return loss, recorded


rows = []
for step in range(31):
    if step == 10:
        WARN_LR = True
    elif step == 15:
        warnings.simplefilter("always")
    elif step == 20:
        warnings.filterwarnings("ignore", message="lr")
    elif step == 24:
        warnings.resetwarnings()
        warnings.simplefilter("default")
    elif step == 27:
        RECORD = True
    i = (step * 16) % 48
    loss, rec = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), rec])
    print(step, repr(float(loss)), rec, len(SHOWN))

print(json.dumps({
    "rows": rows,
    "shown": SHOWN,
    "registry": sorted(str(k) for k in globals().get("__warningregistry__", {})),
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
