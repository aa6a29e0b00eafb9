"""CalDAV servers the import benchmark runs against, as context managers: started on a free port of
127.0.0.1 with fresh storage, stopped and their storage removed however the block ends."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

from runner import ROOT, say

# tmpfs makes Radicale's fsync of every file cost nothing; it is used when it has this much free.
SHM_FREE_BYTES = 2_000_000 * 1024


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(url):
    try:
        urllib.request.urlopen(url, timeout=1)
    except urllib.error.HTTPError:
        pass
    except OSError:
        return False
    return True


class Radicale:
    """Radicale 3.9 from .venv, set up to cost as little per PUT as it can, the same for every client:
    storage on /dev/shm when there is room, its item cache checked by stat, no log line per request."""

    def __init__(self, log):
        self.log = log
        self.process = None

    def __enter__(self):
        try:
            on_shm = shutil.disk_usage("/dev/shm").free >= SHM_FREE_BYTES
        except OSError:
            on_shm = False
        self.storage = tempfile.mkdtemp(dir="/dev/shm" if on_shm else None)
        port = free_port()
        self.base = "http://127.0.0.1:%d" % port
        say("starting Radicale on %s (storage %s)" % (self.base, self.storage))
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [str(ROOT / ".venv/bin/radicale"), "--storage-filesystem-folder=%s/storage" % self.storage,
                 "--auth-type=none", "--storage-use-mtime-and-size-for-item-cache=True", "--logging-level=warning",
                 "--server-hosts=127.0.0.1:%d" % port], stdout=log, stderr=subprocess.STDOUT)
        self.wait_until_up(15)
        return self

    def wait_until_up(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.process.poll() is None:
            if answers(self.base + "/"):
                return
            time.sleep(0.1)
        tail = open(self.log, errors="replace").read().splitlines()[-15:]
        self.__exit__(None, None, None)
        raise RuntimeError("Radicale did not answer on %s within %d s; its log:\n    %s" % (
            self.base, seconds, "\n    ".join(tail)))

    def __exit__(self, *_):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait()
        shutil.rmtree(self.storage, ignore_errors=True)

    @property
    def on_tmpfs(self):
        return self.storage.startswith("/dev/shm/")

    def cpu_seconds(self):
        """The server's user + system CPU time so far (/proc/PID/stat fields 14 and 15)."""
        fields = open("/proc/%d/stat" % self.process.pid).read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stored(self, collection):
        """The .ics files the server keeps in /bench/<collection>/."""
        folder = os.path.join(self.storage, "storage/collection-root/bench", collection)
        try:
            return sum(1 for name in os.listdir(folder) if name.endswith(".ics"))
        except OSError:
            return 0
