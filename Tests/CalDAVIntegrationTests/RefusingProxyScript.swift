import Foundation
import XCTest

/// A small HTTP proxy in front of a real server that answers 500 to every PUT whose path holds
/// the name written in its `refuse` file (read at each request, so a test can lift the refusal),
/// and passes everything else through: a server with a bug for one particular resource, which no
/// real server does on cue. It writes each request it passes on into `requestLog`, one line each:
/// the method, the path and, for a REPORT with a time-range filter, the filter's attributes. Run
/// by the venv's python.
enum RefusingProxyScript {
    /// The proxy's list of the requests it saw, beside its `refuse` file.
    static func requestLog(beside refuse: URL) -> URL {
        refuse.deletingLastPathComponent().appendingPathComponent("requests")
    }

    /// The proxy, and the file that names the refused resource (empty: refuse nothing); a skip when
    /// there is no `.venv` python to run it.
    static func start(upstream: CalDAVTestServer) throws -> (proxy: CalDAVTestServer, refuse: URL) {
        guard let bin = CalDAVTestServer.binFolder() else { throw XCTSkip("no .venv python to run the proxy") }
        let python = bin.appendingPathComponent("python")
        var refuse = URL(fileURLWithPath: "/")
        let proxy = try CalDAVTestServer(upstream.kind, label: "refusing-proxy") { storage, _, port in
            let script = URL(fileURLWithPath: storage).appendingPathComponent("proxy.py")
            refuse = URL(fileURLWithPath: storage).appendingPathComponent("refuse")
            try? source.write(to: script, atomically: true, encoding: .utf8)
            try? "".write(to: refuse, atomically: true, encoding: .utf8)
            return (python, [script.path, String(port), String(upstream.port), refuse.path])
        }
        return (proxy, refuse)
    }

    private static let source = #"""
        import http.client, os, re, sys
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        port, upstream, refuse_file = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        request_log = os.path.join(os.path.dirname(refuse_file), "requests")
        HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}

        class Proxy(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def __getattr__(self, name):
                if name.startswith("do_"):
                    return self.forward
                raise AttributeError(name)

            def forward(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                span = re.search(rb"<[^>]*time-range([^>]*?)/?>", body) if self.command == "REPORT" else None
                with open(request_log, "a") as log:
                    log.write("%s %s%s\n" % (self.command, self.path, " time-range" + span.group(1).decode() if span else ""))
                with open(refuse_file) as f:
                    refused = f.read().strip()
                if self.command == "PUT" and refused and refused in self.path:
                    self.answer(500, [("Content-Type", "text/plain")], b"internal error on this one resource")
                    return
                connection = http.client.HTTPConnection("127.0.0.1", upstream, timeout=60)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
                connection.request(self.command, self.path, body=body, headers=headers)
                reply = connection.getresponse()
                data = reply.read()
                self.answer(reply.status, [(k, v) for k, v in reply.getheaders() if k.lower() not in HOP], data)
                connection.close()

            def answer(self, status, headers, data):
                self.send_response(status)
                for k, v in headers:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format, *args):
                sys.stderr.write("%s %s\n" % (self.command, self.path))

        ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
        """#
}
