"""Writes to class attributes inside converted steps (janus/state/reads.py
writable_class_attribute): a counter on the class read back through the class, an
instance, an instance the step makes and a subclass; a counting descriptor whose __get__
counts on its own class; a class whose counter the program resets mid-run; and writes
janus refuses (a method onto a class, a dunder).  Under janus and JANUS_MODE=off;
prints lines, then one JSON document."""

import json

import tensorflow as tf

STEPS = 12
W = tf.Variable([[1.0], [2.0]], dtype=tf.float64)
results = {}


def record(name, value):
    results.setdefault(name, []).append(
        value.numpy().tolist() if isinstance(value, tf.Tensor) else value)


class Stats:
    calls = 0
    scale = 1.0


class Sub(Stats):
    pass


S = Stats()


class Made:
    pass


def counter_step(x):
    Stats.calls += 1
    Stats.scale = Stats.scale * 0.5 + 0.25
    seen = (Stats.calls, S.calls, Sub.calls, Stats().calls, S.scale)
    print("counter", seen)
    return tf.reduce_sum(tf.matmul(x, W)) * S.scale + Sub.calls


class Counting:
    reads = 0

    def __get__(self, obj, owner=None):
        Counting.reads += 1
        return 1.0 + Counting.reads % 3


class HasD:
    value = Counting()


HD = HasD()


def descriptor_step(x):
    return tf.reduce_sum(tf.matmul(x, W)) * HD.value


def helper(self):
    return 1


def method_step(x):
    Made.helper = helper
    return tf.reduce_sum(x)


def dunder_step(x):
    Made.__len__ = None
    return tf.reduce_sum(x)


for i in range(STEPS):
    x = tf.constant([[1.0, float(i)]], tf.float64)
    if i == 7:
        Stats.calls = 100          # the program resets the counter between calls
    record("counter", counter_step(x))
    record("descriptor", descriptor_step(x))
    record("method", method_step(x))
    record("dunder", dunder_step(x))

results["stats"] = [Stats.calls, Stats.scale, "calls" in Sub.__dict__, "calls" in S.__dict__]
results["reads"] = Counting.reads
results["made"] = ["helper" in Made.__dict__]
print(json.dumps(results))
