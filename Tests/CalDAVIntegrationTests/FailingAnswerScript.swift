import Foundation

/// A stand-in server whose calendar answers discovery (a PROPFIND on any path is a calendar
/// collection) and then fails the REPORT that reads it, in one of two ways no real server does on
/// cue: `wedged` reads the request and never answers (a server stuck behind a lock), `goneMidway`
/// sends the head and the first resources of a 207 and then ends the process (a server that dies
/// while answering). Run by the venv's python.
enum FailingAnswerScript {
    enum Failure: String {
        case wedged
        case goneMidway = "gone"
    }

    static func start(python: URL, failure: Failure) throws -> CalDAVTestServer {
        try CalDAVTestServer(.radicale, label: "failing-answer") { storage, _, port in
            let script = URL(fileURLWithPath: storage).appendingPathComponent("failing.py")
            try? source.write(to: script, atomically: true, encoding: .utf8)
            return (python, [script.path, String(port), failure.rawValue])
        }
    }

    private static let source = #"""
        import os, sys, threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        port, failure = int(sys.argv[1]), sys.argv[2]
        CALENDAR = (b'<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:" '
                    b'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:response><D:href>%s</D:href><D:propstat><D:prop>'
                    b'<D:resourcetype><D:collection/><C:calendar/></D:resourcetype><D:displayname>Work</D:displayname>'
                    b'</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>')
        EVENT = ('<D:response><D:href>%s%d.ics</D:href><D:propstat><D:prop><D:getetag>"%d"</D:getetag>'
                 '<C:calendar-data>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//stand-in//EN\r\nBEGIN:VEVENT\r\nUID:%d\r\n'
                 'DTSTAMP:20260101T000000Z\r\nDTSTART:20260301T100000Z\r\nSUMMARY:event %d\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'
                 '</C:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>')

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_PROPFIND(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self.multistatus(CALENDAR % self.path.encode())

            def do_REPORT(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if failure == "wedged":
                    threading.Event().wait()
                start = ('<?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:" '
                         'xmlns:C="urn:ietf:params:xml:ns:caldav">')
                part = (start + "".join(EVENT % (self.path, n, n, n, n) for n in range(20))).encode()
                # A tenth of the length promised, then the process ends.
                self.multistatus(part, promised=len(part) * 10)
                self.wfile.flush()
                os._exit(0)

            def multistatus(self, body, promised=None):
                self.send_response(207)
                self.send_header("Content-Type", "application/xml; charset=utf-8")
                self.send_header("Content-Length", str(promised or len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args):
                sys.stderr.write("%s %s\n" % (self.command, self.path))

        ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
        """#
}
