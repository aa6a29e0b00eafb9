import Foundation
import XCTest

/// A fault-injecting HTTP proxy on 127.0.0.1 in front of a real server: it passes requests through
/// and, as its `fault.json` says (read at each request, so a test changes faults between commands),
/// answers 429 with `Retry-After`, bursts of 503, resets the connection half-way through a request's
/// body or an answer's, stalls past the client's deadline after the server did the request, cuts a
/// 207 short, takes only `limit` requests at once (429 above), or answers 404 to `.well-known/`;
/// on every Nth matching request or a seeded random share, at most `most` times. It counts in
/// `counts.json` the requests, the faults and the retries (a request asked again after a fault or a
/// 5xx or 429 answer). With `sabre_412` it answers a failed `If-None-Match: *` the way sabre/dav 4.7
/// (Nextcloud, Baïkal) does, a `DAV:error` holding sabre's own elements (its
/// `Sabre\DAV\Exception\PreconditionFailed`, which serializes `sabredav-version`, `exception`,
/// `message` and `header` in `http://sabredav.org/ns`: sabre-io/dav's lib/DAV/Server.php and
/// lib/DAV/Exception/PreconditionFailed.php). Run by the venv's python.
final class FaultProxy {
    let process: CalDAVTestServer
    private let settings: URL
    private let countsFile: URL

    /// The proxy in front of `upstream`, passing everything through until `inject` says otherwise; a
    /// skip when there is no `.venv` python to run it.
    init(upstream: CalDAVTestServer) throws {
        guard let bin = CalDAVTestServer.binFolder() else { throw XCTSkip("no .venv python to run the fault proxy") }
        let python = bin.appendingPathComponent("python")
        var folder = URL(fileURLWithPath: "/")
        process = try CalDAVTestServer(upstream.kind, label: "fault-proxy") { storage, _, port in
            folder = URL(fileURLWithPath: storage)
            let script = folder.appendingPathComponent("proxy.py")
            try? Self.source.write(to: script, atomically: true, encoding: .utf8)
            try? Data(#"{"fault": "none"}"#.utf8).write(to: folder.appendingPathComponent("fault.json"))
            return (python, [script.path, String(port), String(upstream.port), folder.appendingPathComponent("fault.json").path])
        }
        settings = folder.appendingPathComponent("fault.json")
        countsFile = folder.appendingPathComponent("counts.json")
    }

    /// The URL of a path through the proxy.
    func url(_ path: String) -> URL {
        process.url(path)
    }

    /// Injects `fault` from the next request on, its counts starting afresh.
    func inject(_ fault: InjectedFault) throws {
        try JSONEncoder().encode(fault).write(to: settings, options: .atomic)
    }

    /// What the proxy counted since the last `inject`.
    func counts() throws -> FaultCounts {
        guard let data = try? Data(contentsOf: countsFile) else { return FaultCounts(requests: 0, retries: 0, faults: 0) }
        return try JSONDecoder().decode(FaultCounts.self, from: data)
    }

    func stop() {
        process.stop()
    }

    private static let source = #"""
        import http.client, json, os, random, socket, struct, sys, threading, time
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        port, upstream, config_file = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        counts_file = os.path.join(os.path.dirname(config_file), "counts.json")
        HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}
        # sabre/dav 4.7's answer to a create whose If-None-Match: * failed (Sabre\DAV\Exception\PreconditionFailed).
        SABRE_412 = (b'<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">\n'
                     b'  <s:sabredav-version>4.7.0</s:sabredav-version>\n'
                     b'  <s:exception>Sabre\\DAV\\Exception\\PreconditionFailed</s:exception>\n'
                     b'  <s:message>An If-None-Match header was specified, but the ETag matched (or * was specified).</s:message>\n'
                     b'  <s:header>If-None-Match</s:header>\n</d:error>\n')
        lock = threading.Lock()
        state = {"config": None, "matched": 0, "faults": 0, "burst": 0, "in_flight": 0, "random": None, "failed": set(),
                 "counts": {"requests": 0, "retries": 0, "faults": 0}}

        def settings():
            with open(config_file) as f:
                text = f.read()
            if text != state["config"]:
                state["config"] = text
                # Each configuration counts afresh, so a test reads the counts of its own fault.
                state["matched"], state["faults"], state["burst"] = 0, 0, 0
                state["counts"] = {"requests": 0, "retries": 0, "faults": 0}
                state["failed"] = set()
                state["random"] = random.Random(json.loads(text).get("seed", 1))
            return json.loads(text)

        def save_counts():
            temporary = counts_file + ".tmp"
            with open(temporary, "w") as f:
                json.dump(state["counts"], f)
            os.replace(temporary, counts_file)

        def decide(config, method, path):
            # Under lock: whether this request gets the configured fault.
            kind = config.get("fault", "none")
            if kind == "none":
                return None
            if kind == "well-known-404":
                return kind if path.startswith("/.well-known/") else None
            methods = config.get("methods") or []
            if methods and method not in methods:
                return None
            if kind == "cut-multistatus" and method not in ("PROPFIND", "REPORT"):
                return None
            if kind == "limit":
                return kind if state["in_flight"] >= config["limit"] else None
            if kind == "unavailable-burst" and state["burst"] > 0:
                state["burst"] -= 1
                return kind
            state["matched"] += 1
            most = config.get("most", 0)
            if most and state["faults"] >= most:
                return None
            if "every" in config:
                hit = state["matched"] % config["every"] == 0
            else:
                hit = state["random"].random() < config.get("share", 0)
            if not hit:
                return None
            state["faults"] += 1
            if kind == "unavailable-burst":
                state["burst"] = config.get("burst", 3) - 1
            return kind

        class Proxy(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def __getattr__(self, name):
                if name.startswith("do_"):
                    return self.handle_request
                raise AttributeError(name)

            def handle_request(self):
                length = int(self.headers.get("Content-Length", "0"))
                with lock:
                    config = settings()
                    fault = decide(config, self.command, self.path)
                # A request sent again is told by what it asks, not by its body, which a reset cuts short.
                key = "%s %s %d %s" % (self.command, self.path, length, self.headers.get("If-Match") or self.headers.get("If-None-Match"))
                self.count(fault, key)
                if fault == "reset-request":
                    # Half the body arrives, then the connection is reset: the server never sees the request.
                    self.rfile.read(length // 2)
                    return self.reset()
                body = self.rfile.read(length)
                if fault == "too-many" or fault == "limit":
                    return self.answer(429, [("Retry-After", str(config.get("retry_after", "1"))), ("Content-Type", "text/plain")],
                                       b"too many requests")
                if fault == "unavailable-burst":
                    return self.answer(503, [("Content-Type", "text/plain")], b"service unavailable")
                if fault == "well-known-404":
                    return self.answer(404, [("Content-Type", "text/plain")], b"not found")
                with lock:
                    state["in_flight"] += 1
                try:
                    status, headers, data = self.forward(body)
                finally:
                    with lock:
                        state["in_flight"] -= 1
                if status >= 500 or status == 429:
                    with lock:
                        state["failed"].add(key)
                if status == 412 and config.get("sabre_412") and self.headers.get("If-None-Match") == "*":
                    headers = [(k, v) for k, v in headers if k.lower() != "content-type"] + [("Content-Type", "application/xml; charset=utf-8")]
                    data = SABRE_412
                if fault == "stall":
                    # The server has done the request; its answer comes after the client's deadline, if ever.
                    time.sleep(config.get("stall", 5))
                    return self.reset()
                if fault == "reset-response":
                    # The request went through; the answer breaks off with a reset (before any byte of it when
                    # it has no body, so the client cannot take the head for the whole answer).
                    if data:
                        self.head(status, headers, len(data))
                        self.wfile.write(data[: len(data) // 2])
                        self.wfile.flush()
                    return self.reset()
                if fault == "cut-multistatus" and status == 207:
                    # The whole length is announced, half the multistatus sent, and the connection closed.
                    self.head(status, headers, len(data))
                    self.wfile.write(data[: len(data) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_WR)
                    return
                self.answer(status, headers, data)

            def count(self, fault, key):
                with lock:
                    counts = state["counts"]
                    counts["requests"] += 1
                    if key in state["failed"]:
                        state["failed"].discard(key)
                        counts["retries"] += 1
                    if fault:
                        counts["faults"] += 1
                        state["failed"].add(key)
                    save_counts()

            def forward(self, body):
                connection = http.client.HTTPConnection("127.0.0.1", upstream, timeout=60)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
                connection.request(self.command, self.path, body=body, headers=headers)
                reply = connection.getresponse()
                data = reply.read()
                connection.close()
                return reply.status, [(k, v) for k, v in reply.getheaders() if k.lower() not in HOP], data

            def head(self, status, headers, length):
                self.send_response(status)
                for k, v in headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(length))
                self.end_headers()

            def answer(self, status, headers, data):
                self.head(status, headers, len(data))
                self.wfile.write(data)

            def reset(self):
                # SO_LINGER with a zero timeout makes close() send a RST instead of a FIN.
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.close_connection = True
                self.connection.close()

            def log_message(self, format, *args):
                sys.stderr.write("%s %s\n" % (self.command, self.path))

        ThreadingHTTPServer.daemon_threads = True
        ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
        """#
}

/// One fault the proxy injects, and when.
struct InjectedFault: Encodable {
    enum Kind: String, Encodable {
        case none, tooMany = "too-many", unavailableBurst = "unavailable-burst", resetRequest = "reset-request"
        case resetResponse = "reset-response", stall, cutMultistatus = "cut-multistatus", limit
        case wellKnown404 = "well-known-404"
    }

    var fault: Kind
    /// The methods it applies to (none: all).
    var methods: [String] = []
    /// Every Nth matching request, or else a `share` of them drawn with `seed`.
    var every: Int?
    var share: Double?
    var seed: Int?
    /// Faults at most (0: no bound).
    var most = 0
    var retryAfter = "1"
    var burst = 3
    /// Seconds a stalled request waits before its connection is reset.
    var stall = 3.0
    /// Requests at once before 429.
    var limit = 0
    var sabre412 = false

    enum CodingKeys: String, CodingKey {
        case fault, methods, every, share, seed, most, retryAfter = "retry_after", burst, stall, limit, sabre412 = "sabre_412"
    }
}

/// The proxy's counts under one fault.
struct FaultCounts: Decodable, CustomStringConvertible {
    var requests: Int
    var retries: Int
    var faults: Int

    var description: String { "\(requests) requests, \(retries) retries, \(faults) faults" }
}
