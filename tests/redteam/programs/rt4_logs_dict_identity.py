"""The step builds a logs dict, stores it as self.last_logs, appends the same dict to a
global HISTORY and returns it; at its start it reads the previous dict's optional
"lr_scale" key (a callback-style hook). From step 20 the loop writes logs["lr_scale"] = 0.25
into the dict it got back: the next step must see it, and identity between the returned,
stored and appended dicts must hold as in eager."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(233)
rng = np.random.default_rng(233)
X = tf.constant(rng.normal(size=(18, 3)))
Y = tf.constant(rng.normal(size=(18, 2)))
HISTORY = []


class Trainer:
    def __init__(self):
        self.layer = keras.layers.Dense(2, use_bias=False)
        self.layer.build((None, 3))
        self.last_logs = {}

    def train_step(self, x, y, step):
        scale = self.last_logs.get("lr_scale", 1.0)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.layer(x) - y))
        (g,) = tape.gradient(loss, self.layer.trainable_variables)
        self.layer.kernel.assign_sub(0.2 * scale * g)
        logs = {"step": step, "loss": float(loss), "scale": scale}
        self.last_logs = logs
        HISTORY.append(logs)
        return logs


tr = Trainer()
for step in range(36):
    logs = tr.train_step(X, Y, step)
    if step >= 20:
        logs["lr_scale"] = 0.25
    print(step, repr(logs["loss"]), logs["scale"], logs is tr.last_logs, HISTORY[-1] is logs,
          sorted(logs))

print("final", repr(float(tf.reduce_sum(tr.layer.kernel))), len(HISTORY),
      sum(1 for h in HISTORY if "lr_scale" in h), HISTORY[19], HISTORY[21]["scale"],
      len({id(h) for h in HISTORY}))
