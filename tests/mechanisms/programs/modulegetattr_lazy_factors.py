"""A module (PEP 562) answers `cfg2.scale` with its own __getattr__, which reads a dict
of factors and records each name asked; the loop changes the factor, then sets the
attribute itself, then deletes it and replaces __getattr__."""
import json, sys, types
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(3)
rng = np.random.default_rng(3)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(0.05)
mod = types.ModuleType("cfg2")
exec("""
CALLS = []
FACTORS = {'scale': 0.5}
def __getattr__(name):
    CALLS.append(name)
    if name in FACTORS:
        return FACTORS[name]
    raise AttributeError(name)
""", mod.__dict__)
sys.modules["cfg2"] = mod
import cfg2

def train_step(x, y):
    s = cfg2.scale
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * s
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    return loss

for step in range(16):
    if step == 5:
        mod.FACTORS["scale"] = 0.25
    if step == 9:
        mod.scale = 2.0
    if step == 12:
        del mod.scale
        mod.__getattr__ = lambda name: 0.125
    i = (step * 8) % 56
    print(step, repr(float(train_step(tf.constant(XS[i:i+8]), tf.constant(YS[i:i+8])))), len(mod.CALLS))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
