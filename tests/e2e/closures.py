"""A training step that is a closure: free variables read, `nonlocal` counters and lists
written, a closure helper inlined.  Under janus and JANUS_MODE=off; prints one JSON
document, with types (typed.py): per-step losses, the closure state, the final
variables, and where the nonlocal writes landed when an in-graph assertion failed.
"""

import json

import numpy as np
import tensorflow as tf

from typed import typed

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)


def make_trainer(model, optimizer, scale):
    steps = 0
    history = []
    best = {"loss": None}

    def scaled(value):
        return value * scale          # a closure over make_trainer's `scale`

    def train_step(x, y):
        nonlocal steps
        with tf.GradientTape() as tape:
            loss = scaled(tf.reduce_mean((model(x) - y) ** 2))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        steps += 1
        history.append(loss)
        best["loss"] = loss
        return loss

    def state():
        return {"steps": steps, "history": history, "best": best}

    return train_step, state


def make_guarded(model, optimizer):
    calls = 0

    def guarded_step(x, y):
        nonlocal calls
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        calls += 1
        if tf.reduce_sum(x) > 0:          # positive for 30 calls, then not: assertion
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return guarded_step, lambda: calls


results = {}
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3),
                             tf.keras.layers.Dense(1)])
step, state = make_trainer(model, tf.keras.optimizers.SGD(0.05), 0.5)
results["losses"] = [step(rng.standard_normal((8, 4)), rng.standard_normal((8, 1)))
                     for _ in range(40)]
results["state"] = state()

model2 = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
guarded, calls = make_guarded(model2, tf.keras.optimizers.SGD(0.05))
results["guarded"] = [guarded(np.abs(rng.standard_normal((8, 4))) * (1 if i < 30 else -1),
                             rng.standard_normal((8, 1))) for i in range(36)]
results["guarded_calls"] = calls()
results["variables"] = model.variables + model2.variables
print(json.dumps(typed(results)))
