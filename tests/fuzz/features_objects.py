"""Fuzzer features: the program's classes and objects: dataclasses, properties,
descriptors, dunders, shadowed methods, class swaps, match, imports (features.py lists
them all)."""

from parts import Parts


def dataclass_cfg(r, u):
    return Parts(("dataclass", "dunder_eq", "mutate_object"),
                 setup=f"@dataclasses.dataclass\nclass Cfg{u}:\n    scale: float = 1.0\n"
                       f"    on: bool = True\n\n\nCFG_{u} = Cfg{u}()\n",
                 tape=f"if CFG_{u}.on:\n    loss = loss * CFG_{u}.scale\n"
                      f"if CFG_{u} == Cfg{u}():\n    loss = loss + 0.01\n",
                 mutations=(r.choice([f"CFG_{u}.scale = 2", f"CFG_{u}.on = False",
                                      f"CFG_{u} = Cfg{u}(scale=0.5)"]),))


def property_read(r, u):
    return Parts(("property", "mutate_object"),
                 setup=f"class P{u}:\n    def __init__(self):\n        self._f = 0.5\n\n"
                       f"    @property\n    def factor(self):\n        return self._f * 2\n\n\n"
                       f"PR_{u} = P{u}()\n",
                 tape=f"loss = loss * PR_{u}.factor\n",
                 mutations=(r.choice([f"PR_{u}._f = 0.25", f"PR_{u}._f = 1"]),))


def descriptor_read(r, u):
    return Parts(("descriptor",),
                 setup=f"class Counting{u}:\n    reads = 0\n\n"
                       f"    def __get__(self, obj, owner=None):\n"
                       f"        Counting{u}.reads += 1\n        return 1.0 + Counting{u}.reads % 3\n\n\n"
                       f"class HasD{u}:\n    value = Counting{u}()\n\n\nHD_{u} = HasD{u}()\n",
                 tape=f"loss = loss * HD_{u}.value\n")


def dunder_len_float(r, u):
    return Parts(("dunder", "mutate_object"),
                 setup=f"class Bag{u}:\n    def __init__(self):\n        self.items = [1, 2]\n\n"
                       f"    def __len__(self):\n        return len(self.items)\n\n"
                       f"    def __float__(self):\n        return sum(self.items) / 4\n\n\n"
                       f"BAG_{u} = Bag{u}()\n",
                 tape=f"loss = loss * (1.0 + 0.01 * len(BAG_{u})) + 0.001 * float(BAG_{u})\n",
                 mutations=(f"BAG_{u}.items.append(5)",))


def method_shadow(r, u):
    return Parts(("method", "mutate_method"),
                 setup=f"class Act{u}:\n    def act(self, z):\n        return z * 2\n\n"
                       f"    def alt(self, z):\n        return z * 3\n\n\nACT_{u} = Act{u}()\n",
                 tape=f"loss = loss + 0.01 * ACT_{u}.act(tf.reduce_mean(pred))\n",
                 mutations=(r.choice([f"ACT_{u}.act = ACT_{u}.alt",
                                      f"Act{u}.act = lambda self, z: z * 5"]),))


def classmethod_read(r, u):
    return Parts(("classmethod", "method"),
                 setup=f"class K{u}:\n    base = 2\n\n    @classmethod\n"
                       f"    def factor(cls):\n        return cls.base * 0.5\n\n\nKK_{u} = K{u}()\n",
                 tape=f"loss = loss * KK_{u}.factor()\n",
                 mutations=(f"K{u}.base = 3",))


def class_swap(r, u):
    # An object's class is assigned mid-run: what the step asked of it must follow.
    return Parts(("class_swap", "isinstance", "mutate_object"),
                 setup=f"class Warm{u}:\n    k = 1.0\n\n\nclass Main{u}(Warm{u}):\n"
                       f"    k = {r.choice(['2.0', '0.5'])}\n\n\nPHASE_{u} = Warm{u}()\n",
                 tape=f"if isinstance(PHASE_{u}, Main{u}):\n    loss = loss * PHASE_{u}.k\n",
                 mutations=(f"PHASE_{u}.__class__ = Main{u}",))


def match_config(r, u):
    # A match statement on a configuration dict the loop changes in place.
    return Parts(("match", "mutate_container"),
                 setup=f"MC_{u} = {{'mode': 'scale', 'k': 0.5}}\n",
                 tape=(f"match MC_{u}:\n    case {{'mode': 'scale', 'k': k_{u}}}:\n"
                       f"        loss = loss * k_{u}\n    case {{'mode': 'shift'}}:\n"
                       f"        loss = loss + 0.1\n    case _:\n        pass\n"),
                 mutations=(r.choice([f"MC_{u}['mode'] = 'shift'", f"del MC_{u}['k']",
                                      f"MC_{u}['k'] = 2.0"]),))


def import_in_step(r, u):
    # An import statement inside the step, of a module the loop patches.
    return Parts(("import_in_step", "mutate_library"),
                 tape=f"import colorsys as cs_{u}\n"
                      f"loss = loss * (3.0 * cs_{u}.ONE_THIRD)\n",
                 mutations=("sys.modules['colorsys'].ONE_THIRD = 0.5",))


def item_class_swap(r, u):
    # The program's hook objects in a list the step runs in order, each through its
    # class (a method, or `__call__`); the loop reassigns one item's `__class__` and
    # gives another class a new function (guards.py: an item's class is pinned with it,
    # and an implicit call's dunder is guarded on its class).
    name = r.choice(["apply", "__call__"])
    use = (lambda h, t: f"{h}({t})") if name == "__call__" else \
        (lambda h, t: f"{h}.apply({t})")
    k = r.choice(["0.5", "2.0"])
    return Parts(("item_class", "mutate_object", "mutate_method"),
                 setup=f"class Scale{u}:\n    def {name}(self, t):\n        return t * {k}\n"
                       f"\n\nclass Shift{u}:\n    def {name}(self, t):\n"
                       f"        return t + 0.1\n\n\nclass Noop{u}:\n"
                       f"    def {name}(self, t):\n        return t\n\n\n"
                       f"def quartered_{u}(self, t):\n    return t * 0.25\n\n\n"
                       f"HOOKS_{u} = [Scale{u}(), Shift{u}()]\n",
                 tape=f"h_{u} = pred\nfor hook_{u} in HOOKS_{u}:\n"
                      f"    h_{u} = {use(f'hook_{u}', f'h_{u}')}\n"
                      f"loss = loss + 0.1 * tf.reduce_mean(h_{u} ** 2)\n",
                 mutations=(f"HOOKS_{u}[1].__class__ = Noop{u}",
                            f"Scale{u}.{name} = quartered_{u}"))


def descriptor_reinit(r, u):
    # A staticmethod, classmethod or property of the program's class, re-initialised in
    # place with another function (`Cls.__dict__["f"].__init__(g)`): the same object
    # holds a new function (guards.py: G_IS compares what a descriptor holds).
    kind = r.choice(["staticmethod", "classmethod", "property"])
    if kind == "staticmethod":
        setup = (f"class Mix{u}:\n    @staticmethod\n    def f(t):\n        return t * 0.5\n"
                 f"\n\ndef other_{u}(t):\n    return t * 2.0\n")
        read = f"Mix{u}.f(pred)"
    elif kind == "classmethod":
        setup = (f"class Mix{u}:\n    k = 0.5\n\n    @classmethod\n    def f(cls, t):\n"
                 f"        return t * cls.k\n\n\ndef other_{u}(cls, t):\n"
                 f"    return t + cls.k\n")
        read = f"Mix{u}.f(pred)"
    else:
        setup = (f"class Mix{u}:\n    @property\n    def f(self):\n        return 0.5\n"
                 f"\n\ndef other_{u}(self):\n    return 2.0\n\n\nMIX_{u} = Mix{u}()\n")
        read = f"pred * MIX_{u}.f"
    return Parts(("descriptor_reinit", "mutate_method"),
                 setup=setup,
                 tape=f"loss = loss + 0.1 * tf.reduce_mean({read} ** 2)\n",
                 mutations=(f"Mix{u}.__dict__['f'].__init__(other_{u})",))
