"""Hyperparameters as dataclasses and the training phase as enums, changed mid-run.

HP is a `@dataclass(slots=True)` (values live in slots, not a __dict__); FROZEN is a frozen
dataclass; OPTS is an IntFlag combination; PHASE an Enum. The step compares `HP == BASE`
(dataclass __eq__), tests `Opt.CLIP in OPTS`, branches on `PHASE is Phase.MAIN`, reads
`PHASE.value` and `FROZEN.temperature`, and counts calls in HP.calls (a slot written by the step).
Step 13: HP.lr = 0.05 (a slot written from outside; HP == BASE becomes False).
Step 17: OPTS = Opt.CLIP | Opt.DECAY (a new composite flag).
Step 21: PHASE = Phase.MAIN.
Step 25: FROZEN = dataclasses.replace(FROZEN, temperature=2.0).
Step 29: object.__setattr__(FROZEN, "temperature", 0.5) (a frozen instance mutated in place,
         as some config code does).
Step 33: HP.lr = 0.1 again (HP == BASE True again; a new float object equal to BASE.lr).
A wrong converter keeps a stale slot value, a stale flag test, the warm-up branch, or the
frozen dataclass's old field."""
import dataclasses
import enum
import random

import numpy as np
import tensorflow as tf
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(2614)
random.seed(2614)
rng = np.random.default_rng(2614)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")


@dataclasses.dataclass(slots=True)
class HParams:
    lr: float
    clip: float
    calls: int = 0


@dataclasses.dataclass(frozen=True)
class Frozen:
    temperature: float
    name: str = "t"


class Opt(enum.IntFlag):
    CLIP = 1
    DECAY = 2
    NOISE = 4


class Phase(enum.Enum):
    WARM = "warm"
    MAIN = "main"


HP = HParams(lr=0.1, clip=0.5)
BASE = HParams(lr=0.1, clip=0.5)
FROZEN = Frozen(temperature=1.0)
OPTS = Opt.NOISE
PHASE = Phase.WARM
W1 = tf.Variable(rng.normal(size=(64, 24)).astype("float32") * 0.1)
W2 = tf.Variable(rng.normal(size=(24, 10)).astype("float32") * 0.1)


def train_step(x, y):
    HP.calls += 1
    same = HP == BASE
    with tf.GradientTape() as tape:
        logits = tf.nn.relu(x @ W1) @ W2 / FROZEN.temperature
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        if Opt.DECAY in OPTS:
            loss = loss + 1e-3 * (tf.reduce_sum(W1 ** 2) + tf.reduce_sum(W2 ** 2))
    g1, g2 = tape.gradient(loss, [W1, W2])
    if Opt.CLIP in OPTS:
        g1 = tf.clip_by_norm(g1, HP.clip)
        g2 = tf.clip_by_norm(g2, HP.clip)
    lr = HP.lr * (0.5 if PHASE is Phase.WARM else 1.0)
    W1.assign_sub(lr * g1)
    W2.assign_sub(lr * g2)
    return loss, same, lr, PHASE.value, HP.calls, str(OPTS)


for step in range(38):
    if step == 13:
        HP.lr = 0.05
    elif step == 17:
        OPTS = Opt.CLIP | Opt.DECAY
    elif step == 21:
        PHASE = Phase.MAIN
    elif step == 25:
        FROZEN = dataclasses.replace(FROZEN, temperature=2.0)
    elif step == 29:
        object.__setattr__(FROZEN, "temperature", 0.5)
    elif step == 33:
        HP.lr = float("0.1")
    i = (step * 24) % (len(X) - 24)
    loss, same, lr, pv, calls, opts = train_step(tf.constant(X[i:i + 24]), tf.constant(Y[i:i + 24]))
    print(step, repr(float(loss)), same, repr(lr), pv, calls, opts, FROZEN)

print("HP", HP, HP == BASE, "FROZEN", FROZEN)
print("ck", repr(float(np.sum(np.abs(W1.numpy()), dtype=np.float64))),
      repr(float(np.sum(np.abs(W2.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())
