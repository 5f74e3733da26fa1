"""A cluster smoke test: every MPI rank reports where it runs and checks one Allreduce.

Run as `mpirun -np N janus-python mpi_allreduce.py`. Rank r contributes r + 1, so every
rank must receive N(N+1)/2. Each rank prints one line:
    rank R of N on HOST: allreduce SUM (expected EXPECTED) ok|WRONG
and the exit code is 1 on any rank whose sum is wrong.
"""

import socket
import sys

import numpy as np
from mpi4py import MPI


def main():
    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    mine = np.array([rank + 1], dtype=np.int64)
    total = np.zeros(1, dtype=np.int64)
    comm.Allreduce(mine, total, op=MPI.SUM)
    expected = size * (size + 1) // 2
    ok = int(total[0]) == expected
    print(f"rank {rank} of {size} on {socket.gethostname()}: allreduce {int(total[0])} "
          f"(expected {expected}) {'ok' if ok else 'WRONG'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
