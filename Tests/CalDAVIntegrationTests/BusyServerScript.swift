import Foundation

/// A stand-in server that is busy: it answers the first `busy` requests with `status` (and
/// `Retry-After` when given), then every PROPFIND with a calendar collection. Real servers cannot
/// be made to answer 503 on cue, so the retry tests use this instead, run by the venv's python.
enum BusyServerScript {
    static func start(python: URL, busy: Int, status: Int, retryAfter: String?) throws -> CalDAVTestServer {
        // The path layout is irrelevant here; the kind only names one.
        try CalDAVTestServer(.radicale, label: "busy") { storage, _, port in
            let script = URL(fileURLWithPath: storage).appendingPathComponent("busy.py")
            try? source.write(to: script, atomically: true, encoding: .utf8)
            return (python, [script.path, String(port), String(busy), String(status), retryAfter ?? ""])
        }
    }

    private static let source = #"""
        import sys
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        port, busy, status, retry_after = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        seen = 0
        CALENDAR = (b'<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:" '
                    b'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:response><D:href>%s</D:href><D:propstat><D:prop>'
                    b'<D:resourcetype><D:collection/><C:calendar/></D:resourcetype></D:prop>'
                    b'<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>')

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_PROPFIND(self):
                global seen
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                seen += 1
                if seen <= busy:
                    self.send_response(status)
                    if retry_after:
                        self.send_header("Retry-After", retry_after)
                    self.send_header("Content-Length", "4")
                    self.end_headers()
                    self.wfile.write(b"busy")
                    return
                body = CALENDAR % self.path.encode()
                self.send_response(207)
                self.send_header("Content-Type", "application/xml; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args):
                sys.stderr.write("%s %s\n" % (self.command, self.path))

        ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
        """#
}
