"""GEOS verdicts for WKT lines on stdin (one geometry per line), via Debian's python3-shapely.

Usage: /usr/bin/python3 geos_verdicts.py explain|bench [repeat]
  explain: prints one line per input: "valid", "invalid\t<explain_validity>" or "load-error\t<message>".
  bench:   times shapely.wkt.loads + is_valid over all lines (repeat times, best run) inside Python and
           prints JSON {"seconds": best wall, "cpuSeconds": best CPU, "runs": [...], "valid": n,
           "invalid": n, "verdicts": "10..."}.
A load error counts as invalid.
"""
import json
import logging
import sys
import time

logging.disable(logging.CRITICAL)
from shapely import wkt  # noqa: E402
from shapely.validation import explain_validity  # noqa: E402

mode = sys.argv[1] if len(sys.argv) > 1 else "explain"
lines = [line for line in sys.stdin.read().split("\n") if line.strip()]

if mode == "explain":
    out = []
    for line in lines:
        try:
            g = wkt.loads(line)
        except Exception as e:  # WKTReadingError and GEOS exceptions
            out.append("load-error\t" + str(e).replace("\n", " ")[:200])
            continue
        if g.is_valid:
            out.append("valid")
        else:
            out.append("invalid\t" + explain_validity(g))
    sys.stdout.write("\n".join(out) + "\n")
elif mode == "bench":
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    loads = wkt.loads
    runs = []
    cpu_runs = []
    verdicts = ""
    for _ in range(repeat):
        flags = []
        t0 = time.perf_counter()
        c0 = time.process_time()
        for line in lines:
            try:
                flags.append("1" if loads(line).is_valid else "0")
            except Exception:
                flags.append("0")
        cpu_runs.append(time.process_time() - c0)
        runs.append(time.perf_counter() - t0)
        verdicts = "".join(flags)
    print(json.dumps({
        "seconds": min(runs),
        "cpuSeconds": min(cpu_runs),
        "runs": runs,
        "valid": verdicts.count("1"),
        "invalid": verdicts.count("0"),
        "verdicts": verdicts,
    }))
else:
    sys.exit("mode must be explain or bench")
