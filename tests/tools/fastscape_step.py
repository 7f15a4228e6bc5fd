"""fastscapelib's landscape-evolution step beside Donjourno's, on the same grid, in the same run.

Usage: python fastscape_step.py DONJOURNO GRID

DONJOURNO is the built release CLI: `donjourno bench --only landscape --grid-out GRID` writes
the 1024² lattice its landscape figure steps on to GRID (little-endian f32 metres) and prints
its own step's time. This script then times fastscapelib's
step on that grid: the routing with the sinks resolved (D8, Priority-Flood), the drainage areas
and the implicit stream-power incision (m = 0.45, n = 1), the same parts as Donjourno's rivers,
with every border node fixed as Donjourno's lattice border is. It prints both times, the
Mcells/s of each and how many times faster Donjourno's step is (the goal: at least 10).
"""

import re
import statistics
import subprocess
import sys
import time

import fastscapelib as fs
import numpy as np

# Steps timed on fastscapelib's side: the median is printed.
STEPS = 3
# The goal: Donjourno's step at least this many times faster than fastscapelib's.
GOAL = 10.0


def donjourno_step(cli, grid):
    """Runs the CLI's landscape figure, which writes the grid; returns its figures as a dict."""
    command = [cli, "bench", "--only", "landscape", "--grid-out", grid]
    out = subprocess.run(command, check=True, capture_output=True, text=True)
    sys.stdout.write(out.stdout)
    line = next(l for l in out.stdout.splitlines() if l.startswith("rivers_ms="))
    return {k: float(v) for k, v in re.findall(r"(\w+)=([0-9.]+)", line)}


def fastscape_step(grid, side, spacing):
    """The median time of one fastscapelib step on the grid, seconds."""
    elevation = np.fromfile(grid, dtype="<f4").astype(np.float64).reshape(side, side)
    raster = fs.RasterGrid([side, side], [spacing, spacing], fs.NodeStatus.FIXED_VALUE)
    flow = fs.FlowGraph(raster, [fs.SingleFlowRouter(), fs.PFloodSinkResolver()])
    eroder = fs.SPLEroder(flow, 1e-4, 0.45, 1.0, 1e-5)
    area = np.empty_like(elevation)
    times = []
    for _ in range(STEPS):
        start = time.perf_counter()
        flow.update_routes(elevation)
        flow.accumulate(area, 1.0)
        elevation = elevation - eroder.erode(elevation, area, 100.0)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    cli, grid = sys.argv[1], sys.argv[2]
    ours = donjourno_step(cli, grid)
    side, spacing = int(ours["side"]), ours["spacing_m"]
    theirs = fastscape_step(grid, side, spacing)
    cells = side * side / 1e6
    rivers = ours["rivers_ms"] / 1e3
    ratio = theirs / rivers
    print(f"fastscapelib {fs.__version__}, {side}² grid of {spacing:g} m, one step (routing, sinks, "
          f"accumulation, implicit incision): {theirs * 1e3:.0f} ms ({cells / theirs:.1f} Mcells/s)")
    print(f"Donjourno, the same step on the same grid: {rivers * 1e3:.0f} ms ({cells / rivers:.1f} Mcells/s)")
    verdict = "meets" if ratio >= GOAL else "misses"
    print(f"Donjourno's step is {ratio:.1f}× fastscapelib's speed ({verdict} the goal: ≥ {GOAL:g}×)")


if __name__ == "__main__":
    main()
