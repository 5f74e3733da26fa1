"""Stdlib containers a converted training step reads and changes (janus/containers.py):
a replay buffer `deque(maxlen=N)`, a `Counter` of events, `defaultdict` logs and an
`OrderedDict`, each living outside the step, each changed mid-run from outside or by
the step itself.  Under janus and JANUS_MODE=off.

Each scenario records, after every step, what the step returned and the containers'
state (type, maxlen / default_factory, items in order), so a write that lands twice,
late or on another object shows.  Prints one JSON document.
"""

import collections
import json

import tensorflow as tf

from typed import typed

STEPS = 14
results = {}
W = tf.Variable([0.5, -0.25], dtype=tf.float64)


XS = [tf.constant([1.0 + 0.1 * i, 2.0 - 0.05 * i], tf.float64) for i in range(STEPS)]


def x_at(i):
    return XS[i]


def state(container):
    """A container as JSON, with its type and what it was built with."""
    kind = type(container).__qualname__
    if isinstance(container, collections.deque):
        return {"type": kind, "maxlen": container.maxlen, "items": typed(list(container))}
    extra = {}
    if type(container) is collections.defaultdict:
        extra["factory"] = getattr(container.default_factory, "__qualname__", None)
    return {"type": kind, **extra, "items": typed([[k, v] for k, v in container.items()])}


def raised(exc):
    return {"raised": type(exc).__name__, "message": str(exc).strip().splitlines()[0]}


def record(name, out, *containers):
    # The driver loops call the steps themselves: a helper that called every step
    # would be converted as the hot function in their place (janus/detect/eager_ops.py).
    results.setdefault(name, []).append({"out": typed(out),
                                         "state": [state(c) for c in containers]})


def loss_of(x):
    return tf.reduce_sum(x * W)


# 1. A replay buffer: len() read in the tape, a rounded loss appended after it.  It fills
#    up to maxlen mid-run (len stops changing, the graph stays), then is replaced by a
#    new deque.
REPLAY = collections.deque(maxlen=6)


def replay_step(x):
    scale = 1.0 + 0.01 * len(REPLAY) if REPLAY else 1.0
    with tf.GradientTape() as tape:
        loss = loss_of(x) * scale
    W.assign_sub(0.01 * tape.gradient(loss, W))
    REPLAY.append(round(float(loss), 3))          # rounded after the graph
    return loss


for i in range(STEPS):
    if i == 11:
        REPLAY = collections.deque([0.5], maxlen=2)
    try:
        out = replay_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("replay", out, REPLAY)


# 2. A window the step reads item by item (indexing, iteration, `in`, sum): its
#    contents are guarded; the driver shifts it twice.
WINDOW = collections.deque([1.0, 2.0, 3.0], maxlen=3)


def window_step(x):
    total = 0.0
    for v in WINDOW:
        total += v
    scale = WINDOW[-1] - WINDOW[0] + total / len(WINDOW)
    if 4.0 in WINDOW:
        scale = scale * 2
    return loss_of(x) * scale + sum(WINDOW)


for i in range(STEPS):
    if i in (6, 10):
        WINDOW.append(WINDOW[-1] + 1.0)
    try:
        out = window_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("window", out, WINDOW)


# 3. A rotating schedule: the step rotates it (three states, a graph each) and turns a
#    job queue around with pop/popleft/append/appendleft/extend, back to where it was.
KINDS = collections.deque(["a", "b", "c"])
JOBS = collections.deque(["warm", "train"])


def schedule_step(x):
    KINDS.rotate(1)
    job = JOBS.popleft()
    JOBS.extend([job])
    JOBS.appendleft(JOBS.pop())
    factor = 2.0 if KINDS[0] == "a" else 1.0
    return loss_of(x) * factor, job


for i in range(STEPS):
    try:
        out = schedule_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("schedule", out, KINDS, JOBS)


# 4. A Counter of events: incremented per step, tested with `in`, read with get() and
#    for a missing key (0, nothing stored).  A key appears mid-run from outside.
EVENTS = collections.Counter(start=1)


def counter_step(x):
    loss = loss_of(x)
    EVENTS["steps"] += 1
    if "nan" in EVENTS:
        loss = loss * 0.5
    loss = loss + 0.001 * EVENTS["missing"] + 0.01 * EVENTS.get("start", 0) + len(EVENTS)
    return loss


for i in range(STEPS):
    if i == 7:
        EVENTS["nan"] += 1
    try:
        out = counter_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("counter", out, EVENTS)


# 5. defaultdict logs: a list per key, a key made by the factory inside the step (a new
#    epoch key every few steps), an int count, and a function of the program as the
#    factory; the factory is replaced mid-run.
LOSSES = collections.defaultdict(list)
COUNTS = collections.defaultdict(int)
BASE = {"scale": 1.0}


def fresh_entry():
    return {"n": 0, "scale": BASE["scale"]}


ENTRIES = collections.defaultdict(fresh_entry)


def log_step(x, epoch):
    loss = loss_of(x)
    LOSSES[epoch].append(float(loss))
    COUNTS["calls"] += 1
    entry = ENTRIES[epoch]
    entry["n"] += 1
    return loss * entry["scale"] + COUNTS["calls"]


for i in range(STEPS):
    if i == 9:
        ENTRIES.default_factory = lambda: {"n": 100, "scale": 2.0}
    try:
        out = log_step(x_at(i), f"epoch{i // 4}")
    except Exception as exc:
        out = raised(exc)
    record("log", out, LOSSES, COUNTS, ENTRIES)


# 6. An OrderedDict of last values, reordered by the step, iterated in its order.
LAST = collections.OrderedDict(first=0.0, second=0.0)


def ordered_step(x):
    loss = loss_of(x)
    LAST["second"] = float(loss)
    LAST.move_to_end("first")
    order = []
    for key in LAST:
        order.append(key)
    return loss * len(LAST), order


for i in range(STEPS):
    if i == 5:
        LAST["third"] = 3.0
    try:
        out = ordered_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("ordered", out, LAST)


# 7. Failures: the step changes a deque and a Counter, then an assertion fails (at two
#    steps) or a branch janus speculated on goes the other way.  The graph's writes must
#    not land; the interpreter's run of the call writes once.
SEEN = collections.deque(maxlen=5)
TALLY = collections.Counter()


def failing_step(x, limit):
    SEEN.append(len(SEEN))
    TALLY["calls"] += 1
    loss = loss_of(x)
    tf.debugging.assert_less(loss, tf.constant(limit, tf.float64), message="loss too large")
    if loss > 1.0:
        loss = loss * 0.5
    return loss


for i in range(STEPS):
    limit = -100.0 if i in (5, 12) else 100.0
    x = x_at(i) * (4.0 if i >= 9 else 1.0)
    try:
        out = failing_step(x, limit)
    except Exception as exc:
        out = raised(exc)
    record("failing", out, SEEN, TALLY)


# 8. A list and a dict read whole (`==`, formatting, str()): every item they read is
#    guarded, so an item changed from outside rebuilds rather than being frozen.
HISTORY = [1.0, 2.0]
SETTINGS = {"mode": "a", "scale": 1.0}


def whole_step(x):
    loss = loss_of(x)
    if HISTORY == [1.0, 2.0]:
        loss = loss * 2.0
    return loss, f"{HISTORY}" + str(SETTINGS)


for i in range(STEPS):
    if i == 6:
        HISTORY[0] = 3.0
    if i == 9:
        SETTINGS["scale"] = 0.5
    try:
        out = whole_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("whole", out, SETTINGS)


# 9. Refused, with a reason: a subclass with its own method, Counter.update (it adds to
#    counts janus would read one by one), a default_factory janus cannot evaluate.
class Buffer(collections.deque):
    def __len__(self):
        return 0


BUF = Buffer(maxlen=3)
TOTALS = collections.Counter()
ODD = collections.defaultdict(collections.Counter)


def subclass_step(x):
    BUF.append(1)
    return loss_of(x) * len(BUF)


def update_step(x):
    TOTALS.update(["step"])
    return loss_of(x)


def factory_step(x, i):
    ODD[i]["n"] += 1
    return loss_of(x)


SEEN = set()


def set_write_step(x, i):
    SEEN.add(i % 3)
    return loss_of(x) * len(SEEN)


for i in range(STEPS):
    try:
        out = subclass_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("subclass", out, BUF)
    try:
        out = update_step(x_at(i))
    except Exception as exc:
        out = raised(exc)
    record("update", out, TOTALS)
    try:
        out = factory_step(x_at(i), i)
    except Exception as exc:
        out = raised(exc)
    record("factory", out, ODD)
    try:
        out = set_write_step(x_at(i), i)
    except Exception as exc:
        out = raised(exc)
    record("set_write", out, {"seen": sorted(SEEN)})

print(json.dumps(results))
