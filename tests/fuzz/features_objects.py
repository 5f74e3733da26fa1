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
