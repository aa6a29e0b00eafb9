import CalendarStores
import Foundation
import XCTest

/// `mirror` from a server without sync-collection, as older servers and some hosted ones are
/// (RFC 6578 is optional; Apple's `getctag` came first and is what such servers offer): a proxy in
/// front of a real server refuses the REPORT with 403 and the `supported-report` precondition, as
/// RFC 3253 §3.6 has a server refuse a report it does not support, and passes everything else on.
/// The source is then followed by its ctag: a run with nothing changed asks one PROPFIND of it, a
/// run after a change one more for the etags, and reads only the changed resource.
struct MirrorWithoutSyncAgainstServer {
    let server: CalDAVTestServer

    func aSourceWithoutSyncIsFollowedByItsCtagAndEtags() throws {
        let proxy = try NoSyncProxyScript.start(upstream: server)
        defer { proxy.stop() }
        let log = proxy.storage.appendingPathComponent("requests")
        let folder = try temporaryFolder("mirror-no-sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sourcePath = server.kind.calendarPath("no-sync-source")
        let source = try CalDAVStore(
            collection: server.url(sourcePath), user: "user", password: "secret",
            createIfMissing: (name: "No sync", color: nil))
        for number in 1...3 {
            try source.put(
                uid: "no-sync-\(number)@example.com", bytes: event(uid: "no-sync-\(number)@example.com", summary: "Event \(number)"),
                expected: nil)
        }
        let target = folder.appendingPathComponent("target").path
        let arguments = [
            "mirror", proxy.url(sourcePath).absoluteString, target, "--source-user", "user",
            "--state", folder.appendingPathComponent("state.json").path,
        ]

        let first = try CalbridgeCommand.run(arguments)
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertTrue(first.errors.hasPrefix("mirror: 3 created, 0 updated, 0 deleted;"), first.errors)

        try Data().write(to: log)
        let quiet = try CalbridgeCommand.run(arguments)
        XCTAssertTrue(quiet.errors.hasPrefix("mirror: 0 created, 0 updated, 0 deleted;"), quiet.errors)
        // Discovery's PROPFIND, then the ctag's: no sync asked again, no listing.
        XCTAssertEqual(try requests(log), ["PROPFIND", "PROPFIND"])

        let etag = try XCTUnwrap(source.get(uid: "no-sync-2@example.com")?.etag)
        try source.put(uid: "no-sync-2@example.com", bytes: event(uid: "no-sync-2@example.com", summary: "Event 2, moved"), expected: etag)
        try Data().write(to: log)
        let changed = try CalbridgeCommand.run(arguments)
        XCTAssertTrue(changed.errors.hasPrefix("mirror: 0 created, 1 updated, 0 deleted;"), changed.errors)
        XCTAssertEqual(try requests(log), ["PROPFIND", "PROPFIND", "PROPFIND", "REPORT"])
        let copy = try String(contentsOfFile: target + "/no-sync-2@example.com.ics", encoding: .utf8)
        XCTAssertTrue(copy.contains("SUMMARY:Event 2\\, moved"), copy)
    }

    private func requests(_ log: URL) throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

/// A proxy that refuses every sync-collection REPORT (403, `supported-report`) and passes the
/// rest on, writing each request's method into `requests` in its storage folder. Run by the venv's python.
enum NoSyncProxyScript {
    static func start(upstream: CalDAVTestServer) throws -> CalDAVTestServer {
        guard let bin = CalDAVTestServer.binFolder() else { throw XCTSkip("no .venv python to run the proxy") }
        return try CalDAVTestServer(upstream.kind, label: "no-sync-proxy") { storage, _, port in
            let script = URL(fileURLWithPath: storage).appendingPathComponent("proxy.py")
            try? source.write(to: script, atomically: true, encoding: .utf8)
            return (bin.appendingPathComponent("python"), [script.path, String(port), String(upstream.port), storage])
        }
    }

    private static let source = #"""
        import http.client, os, sys
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        port, upstream, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}
        REFUSAL = (b'<?xml version="1.0" encoding="utf-8"?>\n'
                   b'<D:error xmlns:D="DAV:"><D:supported-report/></D:error>')

        class Proxy(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def __getattr__(self, name):
                if name.startswith("do_"):
                    return self.forward
                raise AttributeError(name)

            def forward(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with open(os.path.join(folder, "requests"), "a") as log:
                    log.write(self.command + "\n")
                if self.command == "REPORT" and b"sync-collection" in body:
                    self.answer(403, [("Content-Type", "application/xml; charset=utf-8")], REFUSAL)
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
                pass

        ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
        """#
}

/// What mirror does from Radicale 3.9 when its sync-collection is refused.
final class RadicaleMirrorWithoutSyncTests: ServerTestCase {
    override class var kind: CalDAVServerKind { .radicale }

    func testASourceWithoutSyncIsFollowedByItsCtagAndEtags() throws {
        try MirrorWithoutSyncAgainstServer(server: try server()).aSourceWithoutSyncIsFollowedByItsCtagAndEtags()
    }
}
