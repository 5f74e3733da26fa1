"""Standard-library functions that read the program's nested containers themselves,
called in the step: bisect.bisect_right over a milestone list (the classic MultiStep lr
schedule), heapq.nsmallest, functools.reduce, itertools.chain.from_iterable,
json.dumps(sort_keys=True) of a nested config, copy.deepcopy and dataclasses.asdict.

CONFIG = {"sched": {"milestones": [14, 24], "gamma": 0.5}, "groups": [["w1"], ["w2"]],
          "mults": [1.0, 1.0]}; OPT = Opt(lr=0.1, extra={"wd": 0.0}) (a dataclass)
  step 12: CONFIG["sched"]["milestones"][0] = 11   (a nested list item: the lr drops now)
  step 16: CONFIG["groups"][1].append("b")          (a nested list grows: b joins)
  step 19: CONFIG["mults"].insert(0, 0.5)            (reduce(mul) changes)
  step 23: OPT.extra["wd"] = 0.002                   (a dict inside a dataclass)
  step 27: CONFIG["sched"]["gamma"] = 0.25
  step 31: CONFIG["sched"]["milestones"].append(30)
The step prints the json text and the deep copy's equality with CONFIG. A converter that
runs these stdlib functions natively at build time, reading containers no guard covers,
keeps the old lr, groups, multipliers and wd.
"""
import bisect
import copy
import dataclasses
import functools
import heapq
import itertools
import json
import operator
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(840)


@dataclasses.dataclass
class Opt:
    lr: float
    extra: dict


CONFIG = {"sched": {"milestones": [14, 24], "gamma": 0.5}, "groups": [["w1"], ["w2"]],
          "mults": [1.0, 1.0]}
OPT = Opt(lr=0.1, extra={"wd": 0.0})
rng = np.random.default_rng(840)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (np.tanh(XS @ rng.normal(size=(4, 1))) * 2.0).astype(np.float32)
VARS = {"w1": tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.5),
        "b": tf.Variable(np.zeros(8, np.float32)),
        "w2": tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.5)}


def train_step(x, y, step):
    sched = CONFIG["sched"]
    k = bisect.bisect_right(sched["milestones"], step)
    lr = OPT.lr * sched["gamma"] ** k
    mult = functools.reduce(operator.mul, CONFIG["mults"], 1.0)
    names = list(itertools.chain.from_iterable(CONFIG["groups"]))
    soonest = heapq.nsmallest(1, [m for m in sched["milestones"] if m > step])
    snap = copy.deepcopy(CONFIG)
    opt = dataclasses.asdict(OPT)
    with tf.GradientTape() as tape:
        pred = tf.nn.relu(x @ VARS["w1"] + VARS["b"]) @ VARS["w2"]
        loss = tf.reduce_mean(tf.square(pred - y)) + opt["extra"]["wd"] * tf.reduce_sum(VARS["w1"] ** 2)
    grads = tape.gradient(loss, [VARS[n] for n in names])
    for n, g in zip(names, grads):
        VARS[n].assign_sub(lr * mult * g)
    print("  k", k, "lr", repr(lr), "mult", repr(mult), "names", names, "next", soonest,
          "snap_eq", snap == CONFIG, snap is CONFIG, "wd", opt["extra"]["wd"])
    print("  json", json.dumps(CONFIG, sort_keys=True))
    return loss


for step in range(36):
    if step == 12:
        CONFIG["sched"]["milestones"][0] = 11
    if step == 16:
        CONFIG["groups"][1].append("b")
    if step == 19:
        CONFIG["mults"].insert(0, 0.5)
    if step == 23:
        OPT.extra["wd"] = 0.002
    if step == 27:
        CONFIG["sched"]["gamma"] = 0.25
    if step == 31:
        CONFIG["sched"]["milestones"].append(30)
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print("final", {n: repr(float(tf.reduce_sum(v))) for n, v in VARS.items()})
print("state", CONFIG, OPT)
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))
