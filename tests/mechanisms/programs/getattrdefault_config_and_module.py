"""getattr() with a default and hasattr() in the step, of the program's config object, a
module of plug-ins and its class hierarchy: the loop sets an instance attribute (step 6),
adds one to the module (10), deletes the instance's (14), sets one on a base class
(17) and on the class (20), and deletes the base's (24)."""
import json
import random
import types

import keras
import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
keras.utils.set_random_seed(50)
rng = np.random.default_rng(50)
XS = rng.normal(size=(40, 3)).astype(np.float32)
YS = rng.normal(size=(40, 1)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
opt = keras.optimizers.SGD(0.05)

class Base:
    pass

class Cfg(Base):
    def __init__(self):
        self.scale = 1.0

CFG = Cfg()
MOD = types.ModuleType("plugins")

def train_step(x, y):
    scale = getattr(CFG, "scale", 1.0)
    clip = getattr(CFG, "clip", None)
    extra = hasattr(MOD, "extra")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y)) * scale
        if extra:
            loss = loss + MOD.extra * tf.reduce_sum(W)
    g = tape.gradient(loss, W)
    if clip is not None:
        g = tf.clip_by_norm(g, clip)
    opt.apply_gradients([(g, W)])
    return loss, hasattr(CFG, "clip"), getattr(CFG, "tag", "none")

for step in range(30):
    if step == 6:
        CFG.clip = 0.5
    if step == 10:
        MOD.extra = 0.1
    if step == 14:
        del CFG.clip
    if step == 17:
        Base.tag = "base"
    if step == 20:
        Cfg.clip = 0.25
    if step == 24:
        del Base.tag
    i = (step * 4) % 36
    loss, has_clip, tag = train_step(tf.constant(XS[i:i + 4]), tf.constant(YS[i:i + 4]))
    print(step, round(float(loss), 5), has_clip, tag)
print(json.dumps({"W": [round(float(v), 5) for v in W.numpy().ravel()]}))
