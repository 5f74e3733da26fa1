"""The step asks `getattr(hp, "momentum", 0.0)` of a module whose __getattr__ raises
AttributeError for names it does not know: eager takes the default until the loop
registers the name in the module's table."""
import json, sys, types
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(4)
rng = np.random.default_rng(4)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
V = tf.Variable(np.zeros((4, 1), np.float32))
hp = types.ModuleType("hp")
exec("""
KNOWN = {"lr": 0.05}
def __getattr__(name):
    try:
        return KNOWN[name]
    except KeyError:
        raise AttributeError(f"module 'hp' has no attribute {name!r}") from None
""", hp.__dict__)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    V.assign(getattr(hp, "momentum", 0.0) * V + g)
    W.assign_sub(hp.lr * V)
    return loss


for step in range(16):
    if step == 7:
        hp.KNOWN["momentum"] = 0.9
    if step == 11:
        hp.KNOWN["lr"] = 0.02
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])))))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
