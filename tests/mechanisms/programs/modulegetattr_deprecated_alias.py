"""A module keeps a deprecated name through __getattr__ (PEP 562's own example): the
step reads `losses_mod.mse_scale`, which __getattr__ maps to the module's current
`LOSS_SCALE` global with a warning counted in a list; the loop rebinds LOSS_SCALE."""
import json, sys, types
import keras, numpy as np, tensorflow as tf
keras.utils.set_random_seed(5)
rng = np.random.default_rng(5)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = XS.sum(1, keepdims=True).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.SGD(0.05)
losses_mod = types.ModuleType("losses_mod")
exec("""
LOSS_SCALE = 1.0
WARNED = []
def __getattr__(name):
    if name == "mse_scale":
        WARNED.append(name)
        return LOSS_SCALE
    raise AttributeError(name)
""", losses_mod.__dict__)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * losses_mod.mse_scale
    OPT.apply_gradients([(tape.gradient(loss, W), W)])
    return loss


for step in range(16):
    if step == 8:
        losses_mod.LOSS_SCALE = 0.5
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(losses_mod.WARNED))
print(json.dumps([repr(float(v)) for v in W.numpy().ravel()]))
