"""What every workload shares: timed runs of one program, medians, generated inputs, results.json."""
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_PYTHON = str(ROOT / ".venv/bin/python")
# The parts whose figures results.json keeps under their own key; convert's are its top level.
PART_KEYS = ("expand", "xcal", "birthdays", "import", "export", "schedule", "view", "versions", "cores", "memory")


def say(message):
    print("bench: " + message, file=sys.stderr, flush=True)


def exit_status(wait_status):
    """The status as a shell reports it: the exit code, or 128 + the signal that ended the process."""
    code = os.waitstatus_to_exitcode(wait_status)
    return code if code >= 0 else 128 - code


GNU_TIME = "/usr/bin/time"


def timed(args, stdout, stderr, env=None):
    """Runs one process to its end: wall seconds, peak RSS in KB and exit status.

    The peak is measured by GNU time, which starts the command itself: a child of this Python
    process would report Python's own peak as its floor (Linux keeps the larger of the old and the
    new peak across exec), while time's is a few MB. Without /usr/bin/time it is wait4's, that upper bound.
    """
    measure = os.path.exists(GNU_TIME)
    with tempfile.NamedTemporaryFile(mode="r", suffix=".rss") as rss:
        command = [GNU_TIME, "-f", "%M", "-o", rss.name] + list(args) if measure else args
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr, env=env, cwd=ROOT)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        # time's last line is the figure; a line before it may say how the command ended.
        peak = int(rss.read().split()[-1]) if measure else usage.ru_maxrss
    process.returncode = exit_status(status)
    # GNU time waits for the command, so its usage holds the command's CPU time too (and time's own, a millisecond).
    cpu = usage.ru_utime + usage.ru_stime
    return {"seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3), "peak_rss_kb": peak, "exit": process.returncode}


def mb(kb):
    return round(kb * 1024 / 1e6, 2)


def medians(measured):
    """The figures every part reports of its runs: median wall and CPU (user + system) seconds, and median and
    largest peak RSS."""
    return {
        "median_seconds": statistics.median(m["seconds"] for m in measured),
        "median_cpu_seconds": statistics.median(m.get("cpu_seconds", 0) for m in measured),
        "median_peak_rss_mb": mb(statistics.median(m["peak_rss_kb"] for m in measured)),
        "max_peak_rss_mb": mb(max(m["peak_rss_kb"] for m in measured)),
    }


def per_second(count, seconds, ok):
    return round(count / seconds, 1) if ok and seconds > 0 else None


def ratio(a, b, key):
    if a and b and a[key] and b[key]:
        return round(a[key] / b[key], 3)
    return None


def fmt(value, spec):
    return "-" if value is None else format(value, spec)


def print_table(header_format, headings, row_format, rows):
    """A console table: its header, a rule under it, and one line per row of values."""
    header = header_format % tuple(headings)
    print(header)
    print("-" * len(header))
    for values in rows:
        print(row_format % tuple(values))


def count_lines_starting(path, prefix):
    """How many lines of a file start with `prefix` (bytes), 0 when it is missing."""
    try:
        with open(path, "rb") as f:
            return sum(1 for line in f if line.startswith(prefix))
    except OSError:
        return 0


def count_bytes(path, needle):
    try:
        return Path(path).read_bytes().count(needle)
    except OSError:
        return 0


def warm(*paths):
    """Reads files once so that the first timed run reads no disk either."""
    for path in paths:
        Path(path).read_bytes()


class Bench:
    """One benchmark run: its options, the calbridge under test, the output folder, and whether a run failed."""

    def __init__(self, options, calbridge, commit):
        self.options = options
        self.runs = options.runs
        self.calbridge = calbridge
        self.commit = commit
        self.dir = Path(options.dir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.failed = False

    def measure(self, label, args, log_name, stdout=None, env=None):
        """One timed run with its standard error in `log_name`; a failure is told with the log's first lines."""
        log = self.dir / log_name
        with open(log, "wb") as err, open(stdout or os.devnull, "wb") as out:
            run = timed(args, out, err, env)
        if run["exit"] != 0:
            self.failed = True
            say("%s failed (exit %d); first lines of its stderr:" % (label, run["exit"]))
            for line in log.read_text(errors="replace").splitlines()[:15]:
                print("    " + line, file=sys.stderr)
        return run

    def prepare(self, label, args, log_name, env=None):
        """An untimed run that later runs need; the benchmark stops when it fails."""
        if self.measure(label, args, log_name, env=env)["exit"] != 0:
            sys.exit(1)

    def generated(self, generator, size, target):
        """`target` as `Benchmarks/<generator>` makes it for `size`, made again only when either changed."""
        script = ROOT / "Benchmarks" / generator
        stamp = Path(str(target) + ".stamp")
        want = "%s %d" % (hashlib.sha256(script.read_bytes()).hexdigest(), size)
        if target.exists() and stamp.exists() and stamp.read_text().strip() == want:
            say("reusing %s" % target)
            return target
        say("generating %s (%d)" % (target, size))
        stamp.unlink(missing_ok=True)
        if target.is_dir():
            shutil.rmtree(target)
        subprocess.run([sys.executable, str(script), str(size), str(target)], check=True, cwd=ROOT)
        stamp.write_text(want + "\n")
        return target

    def calendar(self, events):
        return self.generated("generate_calendar.py", events, self.dir / ("calendar-%d.ics" % events))

    def compile(self, source):
        """Benchmarks/<source>.c built against the system libical."""
        binary = self.dir / source
        say("compiling Benchmarks/%s.c" % source)
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libical"], check=True, capture_output=True,
                               text=True).stdout.split()
        subprocess.run(["cc", "-O2", "-o", str(binary), str(ROOT / "Benchmarks" / (source + ".c"))] + flags, check=True)
        return str(binary)

    def save(self, key, part):
        """Puts one part's figures into results.json and keeps the other parts' from an earlier run."""
        path = self.dir / "results.json"
        try:
            previous = json.loads(path.read_text())
        except (OSError, ValueError):
            previous = {}
        previous = previous if isinstance(previous, dict) else {}
        if key is None:
            summary = dict(part, **{k: previous[k] for k in PART_KEYS if k in previous})
        else:
            summary = dict(previous, **{key: part})
        path.write_text(json.dumps(summary, indent=2) + "\n")
        return path


class SlowPeer:
    """A peer whose first run on a workload took `seconds` or more is not run again on it."""

    def __init__(self, name, seconds):
        self.name, self.seconds = name, seconds
        self.slow = set()

    def due(self, workload, run):
        if workload not in self.slow:
            return True
        if run == 2:
            say("%s took over %ds on %s, not running it again" % (self.name, self.seconds, workload))
        return False

    def record(self, workload, measured):
        if int(measured["seconds"]) >= self.seconds:
            self.slow.add(workload)
