"""Per-layer loss weights live in a dict the step iterates; the first key in iteration order
gets an extra 2x weight and the order is printed. At step 10 the loop moves a key to the end
(pop and re-insert: same keys, same values, new order), at step 20 rebuilds the dict in
reverse order. A converter that guards a dict by its keys as a set, not their order, differs."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(99)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(35)
X = tf.constant(rng.normal(size=(20, 4)))
Y = tf.constant(rng.normal(size=(20, 1)))
VARS = {
    "a": tf.Variable(rng.normal(size=(4, 4)) * 0.3, name="a"),
    "b": tf.Variable(rng.normal(size=(4, 4)) * 0.3, name="b"),
    "c": tf.Variable(rng.normal(size=(4, 1)) * 0.3, name="c"),
}
WEIGHTS = {"a": 0.01, "b": 0.02, "c": 0.03}


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = tf.tanh(tf.tanh(x @ VARS["a"]) @ VARS["b"]) @ VARS["c"]
        loss = tf.reduce_mean(tf.square(out - y))
        order = []
        for i, (name, wt) in enumerate(WEIGHTS.items()):
            factor = 2.0 if i == 0 else 1.0
            loss = loss + factor * wt * tf.reduce_sum(tf.square(VARS[name]))
            order.append(name)
    grads = tape.gradient(loss, list(VARS.values()))
    for v, g in zip(VARS.values(), grads):
        v.assign_sub(0.1 * g)
    return loss, "".join(order)


for step in range(30):
    if step == 10:
        WEIGHTS["a"] = WEIGHTS.pop("a")
    if step == 20:
        WEIGHTS = dict(reversed(list(WEIGHTS.items())))
    loss, order = train_step(X, Y)
    print(step, repr(float(loss)), order)

print("WEIGHTS", WEIGHTS)
print("c", VARS["c"].numpy().ravel().tolist())
