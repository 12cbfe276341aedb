#!/usr/bin/env python3
"""Crash-resuming dEQP runner.

  runner.py --deqp DIR --out DIR [--timeout S] MODULE CASELIST

Runs DIR/<module>/deqp-<module> from its own folder (dEQP finds its data
there) on CASELIST, one process per batch. It follows the process's .qpa log
while it runs: when the process dies in a case (crash) or a case gives no
result within the timeout (the process group is killed), that case gets
Crash / Timeout and a new process goes on from the next case, so one bad case
never hides the others. Results are appended to OUT/results.tsv
(case<TAB>status<TAB>detail) as they come, so an interrupted run resumes.
The driver's environment is the caller's (run.sh sets it).
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter

# The configuration dEQP runs in: a 256x256 pbuffer, RGBA8888 with depth 24,
# stencil 8 and no MSAA (the config the case lists are made for);
# VIRTGL_DEQP_CONFIG names another (dEQP's names: rgb888d24s8ms0, rgb565d0s0ms0...).
CONFIG = os.environ.get("VIRTGL_DEQP_CONFIG", "rgba8888d24s8ms0")
DEQP_ARGS = ["--deqp-surface-type=pbuffer", "--deqp-surface-width=256",
             "--deqp-surface-height=256", "--deqp-gl-config-name=" + CONFIG,
             "--deqp-log-images=disable", "--deqp-log-shader-sources=disable",
             "--deqp-log-flush=enable", "--deqp-watchdog=disable"]
RESULT = re.compile(r'<Result StatusCode="([^"]+)"\s*(?:/>|>(.*?)</Result>)', re.S)


class Results:
    """The TSV of finished cases; a case is recorded once."""

    def __init__(self, path):
        self.status = {}
        if os.path.exists(path):
            for line in open(path, errors="replace"):
                f = line.rstrip("\n").split("\t")
                if len(f) >= 2:
                    self.status[f[0]] = f[1]
        self.file = open(path, "a", buffering=1)

    def record(self, case, status, detail=""):
        if case in self.status:
            return
        self.status[case] = status
        detail = re.sub(r"\s+", " ", detail or "").strip()[:300]
        self.file.write(f"{case}\t{status}\t{detail}\n")


class QpaFollower:
    """Reads a growing .qpa log and records each case as it ends."""

    def __init__(self, path, results):
        self.path, self.results = path, results
        self.fh, self.pending, self.case, self.body = None, "", None, []
        self.progressed, self.last = 0, time.time()

    def poll(self):
        if self.fh is None and os.path.exists(self.path):
            self.fh = open(self.path, errors="replace")
        data = self.fh.read() if self.fh else ""
        if not data:
            return
        lines = (self.pending + data).split("\n")
        self.pending = lines.pop()
        for line in lines:
            self.line(line)

    def line(self, line):
        if line.startswith("#beginTestCaseResult "):
            self.case, self.body, self.last = line.split(" ", 1)[1].strip(), [], time.time()
        elif line.startswith("#endTestCaseResult"):
            m = RESULT.search("\n".join(self.body))
            self.finish(m.group(1) if m else "NoResult", m.group(2) if m else "")
        elif line.startswith("#terminateTestCaseResult"):
            self.finish(line.split(" ", 1)[1].strip() if " " in line else "Terminated",
                        "terminated by dEQP")
        elif self.case is not None:
            self.body.append(line)

    def finish(self, status, detail):
        if self.case:
            self.results.record(self.case, status, detail)
            self.progressed += 1
        self.case, self.last = None, time.time()

    def close(self):
        if self.fh:
            self.fh.close()


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_batch(a, exe_dir, logdir, part, remaining, results):
    """One dEQP process over the remaining cases; returns (cases done, rc, killed)."""
    base = os.path.join(logdir, f"part{part:04d}")
    with open(base + ".txt", "w") as f:
        f.write("\n".join(remaining) + "\n")
    if os.path.exists(base + ".qpa"):
        os.unlink(base + ".qpa")
    cmd = [f"./deqp-{a.module}", f"--deqp-caselist-file={base}.txt",
           f"--deqp-log-filename={base}.qpa"] + DEQP_ARGS
    with open(base + ".out", "w") as out:
        proc = subprocess.Popen(cmd, cwd=exe_dir, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    follower, killed = QpaFollower(base + ".qpa", results), False
    while proc.poll() is None:
        follower.poll()
        if time.time() - follower.last > a.timeout:
            kill_group(proc)
            killed = True
            proc.wait()
            break
        time.sleep(0.1)
    follower.poll()
    kill_group(proc)  # nothing of the group outlives the batch
    follower.close()
    rc = proc.returncode
    blame = follower.case or (remaining[0] if (killed or rc != 0) and not follower.progressed else None)
    if blame:
        tail = open(base + ".out", errors="replace").read()[-300:]
        results.record(blame, "Timeout" if killed else "Crash",
                       f"no result after {a.timeout:.0f} s" if killed else f"exit code {rc}: {tail}")
        follower.progressed += 1
    return follower.progressed, rc, killed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deqp", required=True, help="unpacked dEQP (holds gles2/, gles3/, ...)")
    ap.add_argument("--out", required=True, help="results folder")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds a case may take")
    ap.add_argument("module", choices=["gles2", "gles3", "gles31", "egl"])
    ap.add_argument("caselist")
    a = ap.parse_args()

    exe_dir = os.path.join(os.path.abspath(a.deqp), a.module)
    logdir = os.path.join(a.out, "logs")
    os.makedirs(logdir, exist_ok=True)
    results = Results(os.path.join(a.out, "results.tsv"))
    cases = [l.strip() for l in open(a.caselist) if l.strip() and not l.startswith("#")]
    part = len([f for f in os.listdir(logdir) if f.endswith(".txt")])
    start, stalls = time.time(), 0
    while stalls < 3:
        remaining = [c for c in cases if c not in results.status]
        if not remaining:
            break
        part += 1
        done, rc, killed = run_batch(a, exe_dir, logdir, part, remaining, results)
        stalls = 0 if done else stalls + 1
        print(f"[{a.module}] batch {part}: rc={rc} killed={killed} cases={done} "
              f"total={len(results.status)}/{len(cases)} t={time.time() - start:.0f}s", flush=True)
    for c in cases:  # a process that makes no progress three times running
        results.record(c, "NotRun", "dEQP made no progress")
    counts = Counter(results.status[c] for c in cases)
    print(f"[{a.module}] {len(cases)} cases in {time.time() - start:.0f} s: "
          + ", ".join(f"{k}={v}" for k, v in counts.most_common()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
