"""A frozen dataclass holds the trainer state; each step makes the next one with
dataclasses.replace() (library code that calls the generated __init__, which calls the
program's own __post_init__: it clamps lr to the global LR_CAP and derives a field with
object.__setattr__). The step also calls dataclasses.asdict() (deep copies of a nested
list field) and compares states with the generated __eq__. Step 12: LR_CAP drops
below the current lr (clamping starts). Step 19: the class's __post_init__ is replaced
(lr now decays by 0.9 at every replace()). The `tags` list object is shared by every state
(asdict copies it). Step 26: the state object is replaced
from outside by one built with a different tags list. Step 31: LR_CAP rises again."""
import dataclasses
import random

import numpy as np
import tensorflow as tf

random.seed(79)
np.random.seed(79)
tf.random.set_seed(79)

rng = np.random.default_rng(109)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))

LR_CAP = 1.0


@dataclasses.dataclass(frozen=True)
class TrainState:
    step: int
    lr: float
    tags: list = dataclasses.field(default_factory=list)
    clamped: bool = dataclasses.field(default=False, compare=False)

    def __post_init__(self):
        if self.lr > LR_CAP:
            object.__setattr__(self, "lr", LR_CAP)
            object.__setattr__(self, "clamped", True)


def post_init_v2(self):
    object.__setattr__(self, "lr", min(self.lr, LR_CAP) * 0.9)
    object.__setattr__(self, "clamped", self.lr >= LR_CAP * 0.9)


HOLDER = {"state": TrainState(0, 0.08, ["start"])}
SNAPSHOTS = []


def train_step(x, y):
    st = HOLDER["state"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(st.lr * g)
    nxt = dataclasses.replace(st, step=st.step + 1, lr=st.lr * 1.05)
    snap = dataclasses.asdict(nxt)
    SNAPSHOTS.append(snap)
    same = nxt == st
    HOLDER["state"] = nxt
    return loss, nxt, same, snap["tags"] is nxt.tags


for step in range(37):
    if step == 12:
        LR_CAP = 0.1
    elif step == 19:
        TrainState.__post_init__ = post_init_v2
    elif step == 26:
        old = HOLDER["state"]
        HOLDER["state"] = TrainState(old.step, old.lr, old.tags + ["resumed"])
    elif step == 31:
        LR_CAP = 0.5
    i = (step * 16) % 48
    loss, st, same, shared = train_step(X[i:i + 16], Y[i:i + 16])
    print(step, repr(float(loss)), st.step, repr(st.lr), st.clamped, st.tags, same, shared,
          st.tags is HOLDER["state"].tags)

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))))
print("final", HOLDER["state"], len(SNAPSHOTS), SNAPSHOTS[-1])
print("tags shared", HOLDER["state"].tags is SNAPSHOTS[-1]["tags"],
      sum(1 for s in SNAPSHOTS if s["clamped"]))
