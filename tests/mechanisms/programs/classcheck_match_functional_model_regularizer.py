"""A functional Keras model carries its regularizer object as a plain attribute
(`MODEL.reg`); the step picks the penalty with `match MODEL.reg:` and class patterns
`case L1():` / `case L2():`.  Mid-run the loop reassigns the regularizer class's bases
(`Reg.__bases__ = ...`), so a different case matches without any class dict written."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(9)


class Penalty:
    coef = 0.01


class L1(Penalty):
    pass


class L2(Penalty):
    pass


class Reg(Penalty):
    pass


rng = np.random.default_rng(29)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, 2:] * 1.5 + XS[:, :1] * XS[:, 1:2]).astype(np.float32)
inp = keras.Input((3,))
hid = keras.layers.Dense(5, activation="tanh")(inp)
out = keras.layers.Dense(1)(hid)
MODEL = keras.Model(inp, out)
MODEL.reg = Reg()
OPT = keras.optimizers.SGD(0.05)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
        kernel = MODEL.layers[1].kernel
        match MODEL.reg:
            case L1(coef=c):
                loss = loss + c * 10.0 * tf.reduce_sum(tf.abs(kernel))
            case L2(coef=c):
                loss = loss + c * 50.0 * tf.reduce_sum(tf.square(kernel))
            case _:
                pass
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return loss


for step in range(24):
    if step == 7:
        Reg.__bases__ = (L1,)
    if step == 14:
        Reg.__bases__ = (L2,)
    if step == 19:
        Reg.__bases__ = (Penalty,)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), Reg.__bases__[0].__name__)
print(json.dumps({"w": MODEL.layers[-1].kernel.numpy().ravel().tolist()}))
