"""Lists the step appends to and reads back (janus/state/reads.py from_copy, tail_slice): the
call's copy of a caller's list is the caller's items plus the appended tail, so
`HIST[-2]` after an append is the caller's last item, read where it is now, and a
history that grows between calls is read by its length and last items only.  The
program changes the lists between calls (appends, an item rewritten, an insert at the
front) and the steps do other mutations (insert, pop) whose reads must guard the whole
list, or write a dict item equal to the caller's (the read must be the call's own); a
list in an attribute whose name the step also assigns, and a list that is both an
argument and a global.  Under janus and JANUS_MODE=off; prints one JSON document."""

import json

import tensorflow as tf

STEPS = 14
W = tf.Variable(1.0, dtype=tf.float64)
HIST, LOSSES, SHIFTED, POPPED = [], [0.5, 0.25], [7, 7], [10, 20, 30, 40]
COUNTS = {"a": 7, "b": 0}
results = {"before_last": [], "front": [], "shifted": [], "popped": [], "window": [],
           "counts": [], "alias": []}


def history_step(x):
    with tf.GradientTape() as tape:
        loss = W * x
    W.assign_sub(0.01 * tape.gradient(loss, W))
    HIST.append(len(HIST))
    print("hist", HIST[-3:], len(HIST))
    return loss


def before_last_step(x):
    loss = tf.reduce_sum(x)
    LOSSES.append(0.125)
    results["before_last"].append(LOSSES[-2])     # the caller's last item
    results["front"].append(LOSSES[0])
    return loss


def shifted_step(x):
    loss = tf.reduce_sum(x)
    SHIFTED.insert(0, 7)                 # every item moves: its reads guard the list
    results["shifted"].append(SHIFTED[1])    # the caller's first item, whatever [1] held
    return loss


def counts_step(x):
    loss = tf.reduce_sum(x)
    COUNTS["a"] = 7                      # the call's own item, equal to the caller's
    results["counts"].append([COUNTS["a"], COUNTS["b"]])
    return loss


def popped_step(x):
    loss = tf.reduce_sum(x)
    POPPED.pop()
    results["popped"].append(POPPED[-1])
    POPPED.append(len(POPPED) * 10)
    return loss


class Box:
    pass


ST, OTHER = Box(), Box()
ST.hist, OTHER.hist = [1], None
SEEN = []


def rebound_name_step(x):
    # `.hist` is assigned here (on another object): ST.hist's items are read one by
    # one, and the append must still reach the caller's list, which keeps its identity.
    loss = tf.reduce_sum(x)
    kept = ST.hist
    ST.hist.append(len(SEEN))
    SEEN.append(kept is ST.hist)
    OTHER.hist = 0
    return loss


def alias_step(x, history):
    # `history` is HIST itself: it sees the append made through the global.
    loss = tf.reduce_sum(x)
    HIST.append(-1)
    results["alias"].append([len(history), history[-1], history[-2]])
    HIST.pop()
    return loss


def window_step(x):
    loss = tf.reduce_sum(x)
    last_two = LOSSES[-2:]               # no append in this call: the caller's items
    results["window"].append(last_two)
    return loss + last_two[0]


for i in range(STEPS):
    x = tf.constant([float(i), 1.0], tf.float64)
    history_step(x)
    before_last_step(x)
    LOSSES[-1] = float(i)                # the program rewrites the last item
    if i % 5 == 4:
        LOSSES[0] = -1.0 * i             # and now and then the first one
    shifted_step(x)
    SHIFTED[0] = 3 if i % 4 == 1 else 7  # what the next call's insert moves to [1]
    counts_step(x)
    COUNTS["a"], COUNTS["b"] = (7 if i % 2 else i), i
    popped_step(x)
    window_step(x)
    rebound_name_step(x)
    alias_step(x, HIST)

results.update(hist=HIST, losses=LOSSES, shifted_list=SHIFTED, popped_list=POPPED,
               counts_dict=COUNTS, st_hist=ST.hist, seen=SEEN, W=float(W.numpy()))
print(json.dumps(results))
