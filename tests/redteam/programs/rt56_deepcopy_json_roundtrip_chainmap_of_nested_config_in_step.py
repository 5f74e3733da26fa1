"""The step materialises its effective config from nested program dicts three common
ways: `copy.deepcopy(BASE)` then an override written into the copy's nested dict,
`json.loads(json.dumps(EXPERIMENT))` (the C-accelerated encoder walks the nested data),
and a `collections.ChainMap(OVERRIDES, DEFAULTS)` whose lookups fall through.  It trains
with the numbers it finds six levels down and returns the copy.  The loop edits the
program's nested data in place at depth (steps 6, 11, 16), adds and deletes an override
key (steps 20, 26), and checks after every step that the copy is not the original and
that the original kept its value.  Probes: standard-library Python and C code run in
the step that walks the program's nested containers (deepcopy's memo walk, json's C
encoder, ChainMap's fall-through)."""
import random

import numpy

random.seed(5623)
numpy.random.seed(5623)

import collections
import copy
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5623)
rng = np.random.default_rng(5623)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 2:3] * 0.5 + 0.2).astype(np.float32)

BASE = {"model": {"head": {"reg": {"l2": {"coef": [0.001, {"extra": 0.5}]}}}}, "lr": 0.05}
EXPERIMENT = {"run": {"stages": [{"scale": [1.0, {"k": 1.0}]}, {"scale": [0.5]}]}}
DEFAULTS = {"momentum": 0.0, "clip": 10.0}
OVERRIDES = {}
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
VEL = tf.Variable(np.zeros((4, 1), np.float32))


def train_step(x, y):
    cfg = copy.deepcopy(BASE)
    cfg["model"]["head"]["reg"]["l2"]["coef"][1]["extra"] *= 2.0
    exp = json.loads(json.dumps(EXPERIMENT))
    opt = collections.ChainMap(OVERRIDES, DEFAULTS)
    coef = cfg["model"]["head"]["reg"]["l2"]["coef"]
    scale = exp["run"]["stages"][0]["scale"][1]["k"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, W) - y)) * scale
        loss = loss + coef[0] * coef[1]["extra"] * tf.reduce_sum(tf.square(W))
    g = tf.clip_by_norm(tape.gradient(loss, W), opt["clip"])
    VEL.assign(opt["momentum"] * VEL + g)
    W.assign_sub(cfg["lr"] * VEL)
    return loss, cfg, scale, opt["momentum"]


for step in range(32):
    if step == 6:
        BASE["model"]["head"]["reg"]["l2"]["coef"][1]["extra"] = 4.0
    if step == 11:
        EXPERIMENT["run"]["stages"][0]["scale"][1]["k"] = 0.25
    if step == 16:
        BASE["model"]["head"]["reg"]["l2"]["coef"][0] = 0.01
    if step == 20:
        OVERRIDES["momentum"] = 0.9
    if step == 23:
        DEFAULTS["clip"] = 0.5
    if step == 26:
        del OVERRIDES["momentum"]
    i = (step * 8) % 120
    loss, cfg, scale, mom = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    c = cfg["model"]["head"]["reg"]["l2"]["coef"]
    print(step, repr(float(loss)), c, scale, mom, cfg is BASE,
          c is BASE["model"]["head"]["reg"]["l2"]["coef"],
          BASE["model"]["head"]["reg"]["l2"]["coef"][1]["extra"])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()],
                  "vel": [repr(float(v)) for v in VEL.numpy().ravel()]}))
