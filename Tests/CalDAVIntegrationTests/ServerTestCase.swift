import XCTest

/// A test class with one real server for all its tests: started in the class setUp, stopped in the
/// class tearDown. Subclasses name the server and declare their tests (XCTest on Linux runs only the
/// tests a class declares itself).
class ServerTestCase: XCTestCase {
    class var kind: CalDAVServerKind { .radicale }
    nonisolated(unsafe) private static var running: [CalDAVServerKind: Result<CalDAVTestServer, any Error>] = [:]

    override class func setUp() {
        super.setUp()
        running[kind] = CalDAVServerHarness.start(kind)
    }

    override class func tearDown() {
        if case .success(let server)? = running[kind] { server.stop() }
        running[kind] = nil
        super.tearDown()
    }

    /// The running server, or the skip or failure its absence calls for.
    func server() throws -> CalDAVTestServer {
        try CalDAVServerHarness.require(Self.running[Self.kind])
    }
}
