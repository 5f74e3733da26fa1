"""What a fuzzer feature gives the generator: code fragments for each place in the
program skeleton (generate.py), and the tags it covers."""

from dataclasses import dataclass, field


@dataclass
class Parts:
    tags: tuple
    setup: str = ""                 # module level, before the step
    state: dict = field(default_factory=dict)   # step state: name -> initial expression
    tape: str = ""                  # inside the tape, after `loss` exists; may rebind loss
    post: str = ""                  # after the optimizer update
    ret: str = ""                   # last lines of the step (an early return goes here)
    globals_written: tuple = ()
    mutations: tuple = ()           # driver code, each run once at a drawn step
    loop: str = ""                  # driver code run before every step's call
    needs: tuple = ()               # skeleton options this feature requires
