"""mirror: `calbridge mirror SOURCE TARGET --state S` between two collections of a local Radicale, the
source filled with --mirror-events events by `calbridge import` (untimed). The first run copies
everything; then 1% of the source's events get a new SUMMARY (by `calbridge import`, untimed) and the
second run carries only those. Each run's wall time and the requests it sent (its `--json` report's
`requests`, source and target) are reported with the ratios of the second to the first, and
`calbridge verify` checks that the target then holds what the source holds.

The target (issue 33): the second run sends at most 2% of the first's requests and takes at most 5%
of its time."""
import json
import re

from runner import say
from servers import Radicale

CHANGED_EVERY = 100
REQUESTS_TARGET, TIME_TARGET = 0.02, 0.05


def run(bench):
    events = bench.options.mirror_events
    source_file = bench.calendar(events)
    with Radicale(bench.dir / "radicale-mirror.log") as server:
        source, target = server.collection("mirror-source"), server.collection("mirror-target")
        users = ["--source-user", server.user, "--target-user", server.user]
        bench.prepare("calbridge import (the source)", [bench.calbridge, "import", str(source_file), "--to", source,
                                                        "--user", server.user, "--create"], "stderr-mirror-fill.txt")
        state = bench.dir / "mirror.state.json"
        state.unlink(missing_ok=True)
        command = [bench.calbridge, "mirror", source, target, "--state", str(state), "--json"] + users
        first = measured_run(bench, "first", command + ["--create"], server)
        changed = bench.dir / "mirror-changed.ics"
        count = write_changed(source_file, changed)
        bench.prepare("calbridge import (1% changed)", [bench.calbridge, "import", str(changed), "--to", source,
                                                        "--user", server.user], "stderr-mirror-change.txt")
        second = measured_run(bench, "second", command, server)
        verified = bench.measure("calbridge verify", [bench.calbridge, "verify", source, target] + users,
                                 "stderr-mirror-verify.txt", env=server.env())
        description = server.description
    part = {"events": events, "changed": count, "calbridge_commit": bench.commit, "server": description,
            "first": first, "second": second, "verify_exit": verified["exit"],
            "requests_ratio": ratio(second["requests"], first["requests"]),
            "time_ratio": ratio(second["seconds"], first["seconds"])}
    part["met"] = (part["requests_ratio"] is not None and part["requests_ratio"] <= REQUESTS_TARGET
                   and part["time_ratio"] is not None and part["time_ratio"] <= TIME_TARGET
                   and count > 0 and second["updated"] == count and verified["exit"] == 0)
    report(part, bench.save("mirror", part))


def measured_run(bench, label, command, server):
    """One timed mirror run: its seconds, exit, and what its JSON report says it sent and wrote."""
    out = bench.dir / ("mirror-%s.json" % label)
    measured = bench.measure("calbridge mirror (%s run)" % label, command, "stderr-mirror-%s.txt" % label,
                             stdout=str(out), env=server.env())
    try:
        sent = json.loads(out.read_text().splitlines()[-1])
    except (OSError, ValueError, IndexError):
        sent = {"requests": {"source": 0, "target": 0}, "created": [], "updated": []}
    requests = sent["requests"]["source"] + sent["requests"]["target"]
    say("mirror %s run: %.2fs, %d requests (%d source, %d target), %d created, %d updated (exit %d)" % (
        label, measured["seconds"], requests, sent["requests"]["source"], sent["requests"]["target"],
        len(sent["created"]), len(sent["updated"]), measured["exit"]))
    return {"seconds": measured["seconds"], "exit": measured["exit"], "requests": requests,
            "source_requests": sent["requests"]["source"], "target_requests": sent["requests"]["target"],
            "created": len(sent["created"]), "updated": len(sent["updated"])}


def write_changed(source, changed):
    """The source calendar with every CHANGED_EVERY-th event's SUMMARY (a series' overrides too) changed;
    how many series that changes."""
    # Bytes, not text: reading text would turn the CRLF line ends into LF.
    text = source.read_bytes().decode("utf-8", errors="replace")
    uids = list(dict.fromkeys(re.findall(r"\r\nUID:([^\r\n]*)", text)))
    chosen = set(uids[::CHANGED_EVERY])
    parts = text.split("BEGIN:VEVENT\r\n")
    for index, part in enumerate(parts[1:], start=1):
        uid = re.search(r"(?m)^UID:([^\r\n]*)", part)
        if uid and uid.group(1) in chosen:
            parts[index] = re.sub(r"(?m)^(SUMMARY[^:\r\n]*:)", r"\1(moved) ", part, count=1)
    changed.write_bytes("BEGIN:VEVENT\r\n".join(parts).encode())
    return len(chosen)


def ratio(part, whole):
    return round(part / whole, 4) if whole else None


def report(part, path):
    first, second = part["first"], part["second"]
    print()
    print("calbridge %s mirror, %d events on %s; %d changed before the second run" % (
        part["calbridge_commit"], part["events"], part["server"], part["changed"]))
    for label, run in (("first", first), ("second", second)):
        print("%-6s run %8.2fs %7d requests (%d source, %d target), %d created, %d updated, exit %d" % (
            label, run["seconds"], run["requests"], run["source_requests"], run["target_requests"], run["created"],
            run["updated"], run["exit"]))
    print("second/first: requests %s (target <= %s), time %s (target <= %s); verify exit %d: %s" % (
        part["requests_ratio"], REQUESTS_TARGET, part["time_ratio"], TIME_TARGET, part["verify_exit"],
        "met" if part["met"] else "NOT MET"))
    print("figures: %s (key \"mirror\")" % path)
