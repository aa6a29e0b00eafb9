import CalendarStores
import Foundation
import XCTest

/// Where CalDAVStore will send a password and how it gives up on a server that is not there;
/// neither needs a CalDAV server.
final class CalDAVConnectionPolicyTests: XCTestCase {
    func testAPasswordIsNotSentOverPlainHTTPToAnotherMachine() {
        let url = URL(string: "http://calendar.example.com/dav/user/work/")!
        XCTAssertThrowsError(try CalDAVStore(collection: url, user: "ana", password: "hunter2")) { error in
            XCTAssertEqual(error as? CalDAVError, .credentialsNeedHTTPS(host: "calendar.example.com"))
            XCTAssertFalse(String(describing: error).contains("hunter2"))
        }
    }

    func testAPasswordInTheURLCountsAsCredentialsAndIsNotRepeated() {
        let url = URL(string: "http://ana:hunter2@calendar.example.com/dav/")!
        XCTAssertThrowsError(try CalDAVStore(collection: url, user: nil, password: nil)) { error in
            XCTAssertEqual(error as? CalDAVError, .credentialsNeedHTTPS(host: "calendar.example.com"))
            XCTAssertFalse(String(describing: error).contains("hunter2"))
        }
    }

    func testANonHTTPURLIsRefused() {
        XCTAssertThrowsError(
            try CalDAVStore(
                collection: URL(string: "ftp://calendar.example.com/work/")!,
                user: nil, password: nil)
        ) { error in
            XCTAssertEqual(error as? CalDAVError, .unsupportedURL("ftp://calendar.example.com/work/"))
        }
    }

    func testBusyAnswersAreRetriedAfterTheWaitTheServerAsks() throws {
        let server = try BusyServerScript.start(python: try python(), busy: 2, status: 503, retryAfter: "1")
        defer { server.stop() }
        let clock = RecordingClock()
        let store = try CalDAVStore(collection: server.url("/user/work/"), user: "ana", password: "hunter2", clock: clock)
        // Two waits of the asked-for second each, where backoff alone would have waited 0.25 + 0.5 s.
        XCTAssertEqual(clock.waits, [1, 1])
        XCTAssertEqual(store.collectionURL, server.url("/user/work/").absoluteString)
    }

    func testAWaitBeyondTheRetryBudgetGivesUpAtOnce() throws {
        let server = try BusyServerScript.start(python: try python(), busy: 1_000, status: 429, retryAfter: "120")
        defer { server.stop() }
        let clock = RecordingClock()
        XCTAssertThrowsError(
            try CalDAVStore(
                collection: server.url("/user/work/"), user: "ana", password: "hunter2",
                clock: clock)
        ) {
            XCTAssertEqual(
                $0 as? StoreError,
                .unavailable(
                    "PROPFIND \(server.url("/user/work/").absoluteString) failed 1 time in 0 s: the server answered 429"))
        }
        XCTAssertEqual(clock.waits, [])
    }

    func testAServerErrorThatPersistsIsUnavailableAfterFiveTries() throws {
        let server = try BusyServerScript.start(python: try python(), busy: 1_000, status: 500, retryAfter: nil)
        defer { server.stop() }
        let clock = RecordingClock()
        XCTAssertThrowsError(
            try CalDAVStore(
                collection: server.url("/user/work/"), user: "ana", password: "hunter2",
                clock: clock)
        ) { error in
            XCTAssertEqual(
                error as? StoreError,
                .unavailable(
                    "PROPFIND \(server.url("/user/work/").absoluteString) failed 5 times in 4 s: the server answered 500"))
            XCTAssertFalse(String(describing: error).contains("hunter2"))
        }
        // Backoff doubles from a quarter second between the five tries.
        XCTAssertEqual(clock.waits, [0.25, 0.5, 1, 2])
    }

    func testRetryAfterBeyondTheBudgetLeftEndsTheRetries() throws {
        let server = try BusyServerScript.start(python: try python(), busy: 1_000, status: 503, retryAfter: "12")
        defer { server.stop() }
        let clock = RecordingClock()
        XCTAssertThrowsError(
            try CalDAVStore(
                collection: server.url("/user/work/"), user: "ana", password: "hunter2",
                clock: clock))
        // The 30 s budget holds two waits of 12 s; a third would end past it.
        XCTAssertEqual(clock.waits, [12, 12])
    }

    /// A server stuck behind a lock takes the request and never answers: each try ends at its
    /// deadline, on calbridge's side, and the retries end in `unavailable` (a sync or import then
    /// exits 75), instead of the threads waiting for ever.
    func testARequestToAWedgedServerEndsByItsDeadline() throws {
        let server = try FailingAnswerScript.start(python: try python(), failure: .wedged)
        defer { server.stop() }
        let reading = Reading(
            try CalDAVStore(
                collection: server.url("/user/work/"), user: "ana", password: "hunter2",
                clock: RecordingClock()))
        reading.store.requestSeconds = 1
        Thread { reading.run() }.start()
        XCTAssertEqual(reading.done.wait(timeout: .now() + 60), .success, "the read still waited 60 s after its deadline of 1 s")
        guard case StoreError.unavailable(let reason)? = reading.error as? StoreError else {
            return XCTFail("expected unavailable, got \(String(describing: reading.error))")
        }
        XCTAssertTrue(reason.hasPrefix("REPORT \(server.url("/user/work/").absoluteString) failed 5 times"), reason)
        XCTAssertTrue(reason.hasSuffix("no whole answer within the time allowed"), reason)
    }

    /// A server that dies while it sends the calendar: `export` stops with exit 75 (safe to retry)
    /// and writes no part of a calendar.
    func testAnExportWhoseServerGoesAwayMidAnswerExits75AndWritesNothing() throws {
        let server = try FailingAnswerScript.start(python: try python(), failure: .goneMidway)
        defer { server.stop() }
        let folder = try temporaryFolder("export-gone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("work.ics")
        let result = try CalbridgeCommand.run(["export", server.url("/user/work/").absoluteString, "--user", "ana", "-o", output.path])
        XCTAssertEqual(result.status, 75, result.errors)
        XCTAssertTrue(result.errors.contains("broke off after 20 resources"), result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }

    /// One read of a whole collection on a thread of its own, for a test that waits for it boundedly.
    private final class Reading: @unchecked Sendable {
        let store: CalDAVStore
        let done = DispatchSemaphore(value: 0)
        private(set) var error: (any Error)?

        init(_ store: CalDAVStore) {
            self.store = store
        }

        func run() {
            do { try store.readAll(window: nil) { _, _ in } } catch { self.error = error }
            done.signal()
        }
    }

    /// The python that runs the stand-in server: the venv's when known, else the system's.
    private func python() throws -> URL {
        if let bin = CalDAVTestServer.binFolder() { return bin.appendingPathComponent("python") }
        let system = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: system.path) else {
            throw XCTSkip("no python to run the stand-in server")
        }
        return system
    }
}
