"""Learning rate kinds swapped on a live Adam, then the new schedule objects mutated.
Start: float lr (a variable). Step 10: `opt.learning_rate = CosineDecay(...)` (the lr variable
is untracked). Step 15: `sched.alpha = 0.5`. Step 19: `sched.decay_steps = 5`.
Step 23: `opt.learning_rate = lambda: LR_BOX[0]` (a callable). Step 27: LR_BOX[0] changes in
place. Step 30: `opt.learning_rate = PiecewiseConstantDecay(...)`; step 33 its `values` list
is changed in place. The step returns opt.learning_rate read after the update."""
import json
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1109)
rng = np.random.default_rng(1109)
X = rng.normal(size=(64, 6)).astype("float32")
Y = (np.sin(X[:, :1]) + X[:, 4:5] ** 2 * 0.2).astype("float32")

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.Adam(learning_rate=0.01)
sched = keras.optimizers.schedules.CosineDecay(0.02, decay_steps=20, alpha=0.1)
sched2 = keras.optimizers.schedules.PiecewiseConstantDecay([28, 32], [0.004, 0.002, 0.001])
LR_BOX = [0.005]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, opt.learning_rate


rows = []
for step in range(36):
    if step == 10:
        opt.learning_rate = sched
    elif step == 15:
        sched.alpha = 0.5
    elif step == 19:
        sched.decay_steps = 5
    elif step == 23:
        opt.learning_rate = lambda: LR_BOX[0]
    elif step == 27:
        LR_BOX[0] = 0.0125
    elif step == 30:
        opt.learning_rate = sched2
    elif step == 33:
        sched2.values[2] = 0.03
    i = (step * 16) % 48
    loss, lr = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    rows.append([float(loss), float(lr)])
    print(step, repr(float(loss)), repr(float(lr)), len(opt.variables))

print(json.dumps({
    "rows": rows,
    "opt_vars": [v.path for v in opt.variables],
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))
