"""CalDAV servers the import and export benchmarks run against, as context managers: started on a free
port of 127.0.0.1 with fresh storage, stopped and their storage removed however the block ends. Radicale
and Xandikos come from .venv, Cyrus IMAP's CalDAV and DAViCal from Debian's packages
(Scripts/cyrus-caldav-server, Scripts/davical-caldav-server, as the tests run them)."""
import base64
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
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


class Server:
    """One server process: `command` started with fresh storage, waited for until it answers on `base`,
    ended (with its whole process group) and its storage removed on leaving. Subclasses say how to start
    it, where a user's collection lives and who that user is."""
    name = "server"
    user, password = "bench", "x"
    start_seconds = 15

    def __init__(self, log):
        self.log = log
        self.process = None

    def command(self, storage, port):
        raise NotImplementedError

    def collection_path(self, name):
        raise NotImplementedError

    def storage_folder(self):
        return tempfile.mkdtemp()

    def __enter__(self):
        self.storage = self.storage_folder()
        port = free_port()
        self.base = "http://127.0.0.1:%d" % port
        say("starting %s on %s (storage %s)" % (self.name, self.base, self.storage))
        with open(self.log, "wb") as log:
            # A session of its own, so that the server's children end with it.
            self.process = subprocess.Popen(self.command(self.storage, port), stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        self.wait_until_up(self.start_seconds)
        return self

    def wait_until_up(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.process.poll() is None:
            if answers(self.base + "/"):
                return
            time.sleep(0.1)
        tail = open(self.log, errors="replace").read().splitlines()[-15:]
        self.__exit__(None, None, None)
        raise RuntimeError("%s did not answer on %s within %d s; its log:\n    %s" % (
            self.name, self.base, seconds, "\n    ".join(tail)))

    def __exit__(self, *_):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        if self.process:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                pass
            self.process.wait()
        shutil.rmtree(self.storage, ignore_errors=True)

    def collection(self, name):
        return self.base + self.collection_path(name)

    def env(self):
        """The environment a client runs in: calbridge's password and the python clients' login."""
        return dict(os.environ, CALBRIDGE_PASSWORD=self.password, CALDAV_USER=self.user, CALDAV_PASSWORD=self.password)

    def cpu_seconds(self):
        """User + system CPU seconds of the server's processes so far (/proc/PID/stat fields 14-17: a
        process's own and that of its children it has waited for)."""
        total = 0
        for pid in [self.process.pid] + descendants(self.process.pid):
            try:
                fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += sum(int(f) for f in fields[11:15])
        return total / os.sysconf("SC_CLK_TCK")

    def etags(self, name):
        """Each resource of the collection with its etag, by PROPFIND Depth 1 (the collection itself, which
        Cyrus gives an etag too, left out)."""
        body = b'<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>'
        request = urllib.request.Request(self.collection(name), data=body, method="PROPFIND", headers={
            "Depth": "1", "Content-Type": "application/xml",
            "Authorization": "Basic " + base64.b64encode(("%s:%s" % (self.user, self.password)).encode()).decode()})
        with urllib.request.urlopen(request, timeout=120) as answer:
            text = answer.read().decode("utf-8", "replace")
        found = {}
        for response in re.findall(r"<(?:\w+:)?response\b.*?</(?:\w+:)?response>", text, re.S):
            href = re.search(r"<(?:\w+:)?href>(.*?)</", response, re.S)
            etag = re.search(r"<(?:\w+:)?getetag>(.*?)</", response, re.S)
            path = urllib.parse.unquote(href.group(1).strip()) if href else ""
            if etag and not path.endswith("/"):
                found[path] = etag.group(1).strip()
        return found


def on_tmpfs_if_room():
    """A new folder on /dev/shm when it has room, else in the temporary directory."""
    try:
        on_shm = shutil.disk_usage("/dev/shm").free >= SHM_FREE_BYTES
    except OSError:
        on_shm = False
    return tempfile.mkdtemp(dir="/dev/shm" if on_shm else None)


def descendants(root):
    """Every process below `root`, by parent. Not its session: PostgreSQL's backends each start a
    session of their own (setsid), so counting the session left out most of what a DAViCal PUT costs."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open("/proc/%s/stat" % entry).read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, waiting = [], [root]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


class Radicale(Server):
    """Radicale 3.9 from .venv, set up to cost as little per PUT as it can, the same for every client:
    storage on /dev/shm when there is room, its item cache checked by stat, no log line per request."""
    name = "radicale"

    def storage_folder(self):
        return on_tmpfs_if_room()

    def command(self, storage, port):
        return [str(ROOT / ".venv/bin/radicale"), "--storage-filesystem-folder=%s/storage" % storage,
                "--auth-type=none", "--storage-use-mtime-and-size-for-item-cache=True", "--logging-level=warning",
                "--server-hosts=127.0.0.1:%d" % port]

    def collection_path(self, name):
        return "/bench/%s/" % name

    @property
    def description(self):
        return "radicale 3.9.0 (filesystem storage%s, --auth-type=none)" % (" on tmpfs" if self.storage.startswith("/dev/shm/") else "")


class Xandikos(Server):
    """Xandikos 0.4 from .venv (a git repository per collection), its calendar home at /user/calendars/."""
    name = "xandikos"
    description = "xandikos 0.4.10 (--defaults, no authentication)"

    def command(self, storage, port):
        return [str(ROOT / ".venv/bin/xandikos"), "serve", "-d", storage + "/data", "--defaults", "-l", "127.0.0.1",
                "-p", str(port), "--state-dir", storage + "/state"]

    def collection_path(self, name):
        return "/user/calendars/%s/" % name


class Cyrus(Server):
    """Cyrus IMAP 3.6's CalDAV (Debian's cyrus-imapd and cyrus-caldav), run by Scripts/cyrus-caldav-server with
    its sasldb user `user`; the first start makes the user's mailbox, which takes a few seconds more."""
    name = "cyrus"
    user, password = "user", "secret"
    start_seconds = 60
    description = "cyrus-imapd 3.6 httpd (caldav, sasldb user, Basic authentication, storage on tmpfs)"

    def storage_folder(self):
        # On tmpfs as Radicale's, so that an fsync per stored event costs neither client anything; Cyrus
        # runs as the cyrus user when the bench runs as root, so it must reach its folder.
        folder = on_tmpfs_if_room()
        os.chmod(folder, 0o755)
        return folder

    def command(self, storage, port):
        return ["bash", str(ROOT / "Scripts/cyrus-caldav-server"), storage + "/cyrus", str(port)]

    def collection_path(self, name):
        return "/dav/calendars/user/user/%s/" % name

    @staticmethod
    def installed():
        return os.access("/usr/lib/cyrus/bin/httpd", os.X_OK)


class Davical(Server):
    """DAViCal 1.1.12 (Debian's davical: PHP on Apache 2 prefork with 8 workers, PostgreSQL 15), run by
    Scripts/davical-caldav-server with a PostgreSQL cluster of its own; its user `user` has the calendar
    home /user/ (DAViCal's own URLs are /caldav.php/user/..., the script hands every other path to
    caldav.php). Each request is a PHP run on a new database connection, so its writes go on in parallel,
    one PostgreSQL transaction each."""
    name = "davical"
    user, password = "user", "secret"
    start_seconds = 90
    description = ("davical 1.1.12 (Apache 2.4 prefork, 8 workers, mod_php 8.2 with opcache; PostgreSQL 15, "
                   "fsync and synchronous_commit on, cluster on tmpfs; Basic authentication)")

    def storage_folder(self):
        # On tmpfs as Cyrus's, so that PostgreSQL's fsync at each commit costs neither client anything; the
        # cluster runs as the postgres user when the bench runs as root, so it must reach its folder.
        folder = on_tmpfs_if_room()
        os.chmod(folder, 0o755)
        return folder

    def command(self, storage, port):
        return ["bash", str(ROOT / "Scripts/davical-caldav-server"), storage + "/davical", str(port)]

    def collection_path(self, name):
        return "/user/%s/" % name

    @staticmethod
    def installed():
        return os.path.exists("/usr/share/davical/htdocs/caldav.php") and os.access("/usr/sbin/apache2", os.X_OK)


SERVERS = {"radicale": Radicale, "xandikos": Xandikos, "cyrus": Cyrus, "davical": Davical}


def installed_servers(bench, part):
    """The servers a part runs against: those --servers names, Cyrus and DAViCal only where their packages
    are installed."""
    for name in bench.options.servers.split(","):
        kind = SERVERS[name]
        if kind in (Cyrus, Davical) and not kind.installed():
            say("%s is not installed (Scripts/setup --python installs it): its %s rows are left out" % (name, part))
            continue
        yield name, kind


def with_earlier_servers(bench, key, servers):
    """`servers` (a part's figures per server), then those of the servers this run left out, as results.json kept them."""
    try:
        earlier = json.loads((bench.dir / "results.json").read_text()).get(key, {}).get("servers", [])
    except (OSError, ValueError, AttributeError):
        earlier = []
    ran = {server["server"] for server in servers}
    return servers + [server for server in earlier if server.get("server") not in ran]
