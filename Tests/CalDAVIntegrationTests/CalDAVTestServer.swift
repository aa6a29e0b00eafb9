import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real CalDAV servers the integration tests talk to: Radicale and Xandikos from the project's
/// `.venv`, Cyrus IMAP's CalDAV and DAViCal from Debian's packages, run by Scripts/cyrus-caldav-server
/// and Scripts/davical-caldav-server.
enum CalDAVServerKind: String {
    case radicale
    case xandikos
    case cyrus
    case davical

    /// The path of a calendar collection named `name` for the user the tests send: Radicale keeps
    /// collections under the principal, Xandikos under its calendar home.
    func calendarPath(_ name: String) -> String {
        switch self {
        case .radicale: return "/user/\(name)/"
        case .xandikos: return "/user/calendars/\(name)/"
        case .cyrus: return "/dav/calendars/user/user/\(name)/"
        // DAViCal's own URLs, the hrefs it answers with (the script serves /user/... as well).
        case .davical: return "/caldav.php/user/\(name)/"
        }
    }

    /// The program that serves this kind and its arguments, or nil when it is not installed.
    fileprivate func command(bin: URL?, storage: String, state: String, port: Int) -> (URL, [String])? {
        switch self {
        case .radicale, .xandikos:
            guard let program = bin?.appendingPathComponent(rawValue),
                FileManager.default.isExecutableFile(atPath: program.path)
            else { return nil }
            return (program, arguments(storage: storage, state: state, port: port))
        case .cyrus:
            let script = CalDAVTestServer.packageRoot.appendingPathComponent("Scripts/cyrus-caldav-server")
            guard FileManager.default.isExecutableFile(atPath: "/usr/lib/cyrus/bin/httpd") else { return nil }
            // The IMAP port of the first start's provisioning, chosen free like the HTTP one.
            let imap = port == 0 ? 0 : (try? CalDAVTestServer.freePort(besides: port)) ?? port + 1
            return (URL(fileURLWithPath: "/bin/bash"), [script.path, storage, String(port), String(imap)])
        case .davical:
            let script = CalDAVTestServer.packageRoot.appendingPathComponent("Scripts/davical-caldav-server")
            guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/apache2"),
                FileManager.default.fileExists(atPath: "/usr/share/davical/htdocs/caldav.php")
            else { return nil }
            return (URL(fileURLWithPath: "/bin/bash"), [script.path, storage, String(port)])
        }
    }

    /// Seconds a server may take to start: DAViCal's first start makes its PostgreSQL cluster and
    /// database (about 10 s on the 2-core development machine under load), Cyrus its user's mailbox.
    var startTimeout: TimeInterval {
        self == .davical ? 120 : 30
    }

    fileprivate func arguments(storage: String, state: String, port: Int) -> [String] {
        switch self {
        case .radicale:
            // auth none: Radicale takes the basic-auth user name as the principal without checking it.
            return ["--storage-filesystem-folder=\(storage)", "--auth-type=none", "--server-hosts=127.0.0.1:\(port)"]
        case .cyrus, .davical:
            return []
        case .xandikos:
            // --defaults makes /user/ with a calendar home at /user/calendars/ (and /user/calendars/calendar/);
            // --state-dir keeps its TLS and push state out of the home directory.
            return ["serve", "-d", storage, "--defaults", "-l", "127.0.0.1", "-p", String(port), "--state-dir", state]
        }
    }
}

/// One server process on 127.0.0.1 with a fresh storage folder, started for a test class and
/// terminated in its class tearDown, so no server outlives the tests.
final class CalDAVTestServer {
    let kind: CalDAVServerKind
    let port: Int
    private var process: Process
    private let folder: URL
    private let executable: URL
    private let arguments: [String]
    private let label: String
    private let timeout: TimeInterval

    /// The `bin/` folder holding `radicale` and `xandikos`: beside `CALBRIDGE_PYTHON` (which
    /// Scripts/test sets to `.venv/bin/python`), else the package's own `.venv/bin`.
    static func binFolder() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let python = environment["CALBRIDGE_PYTHON"], !python.isEmpty {
            candidates.append(URL(fileURLWithPath: python).deletingLastPathComponent())
        }
        candidates.append(packageRoot.appendingPathComponent(".venv/bin"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("radicale").path) }
    }

    /// The package's root folder (Scripts/).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Whether the server of `kind` is installed: Radicale and Xandikos in `bin`, Cyrus on the system.
    static func isInstalled(_ kind: CalDAVServerKind, bin: URL?) -> Bool {
        kind.command(bin: bin, storage: "", state: "", port: 0) != nil
    }

    /// Starts a CalDAV server and waits, at most `timeout` seconds, until it accepts connections.
    /// Cyrus's first start creates its user's mailbox first, which takes a few seconds more.
    convenience init(_ kind: CalDAVServerKind, bin: URL?, timeout: TimeInterval? = nil) throws {
        try self.init(kind, label: kind.rawValue, timeout: timeout ?? kind.startTimeout) { storage, state, port in
            kind.command(bin: bin, storage: storage, state: state, port: port)!
        }
    }

    /// Starts any program that serves HTTP on the port it is given (a stand-in server's script),
    /// with a fresh storage folder.
    init(
        _ kind: CalDAVServerKind, label: String, timeout: TimeInterval = 15,
        command: (_ storage: String, _ state: String, _ port: Int) -> (URL, [String])
    ) throws {
        self.kind = kind
        self.label = label
        self.timeout = timeout
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-\(label)-\(UUID().uuidString)")
        let storage = folder.appendingPathComponent("storage")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        port = try Self.freePort()
        (executable, arguments) = command(storage.path, folder.appendingPathComponent("state").path, port)
        process = Process()
        try launch()
    }

    /// Runs the server's command and waits until it accepts connections on `port`.
    private func launch() throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // A log file, not a pipe: a pipe nobody reads fills up and stalls the server. Appended to, so
        // a restarted server's log follows the first one's.
        let log = folder.appendingPathComponent("server.log")
        if !FileManager.default.fileExists(atPath: log.path) {
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw POSIXError(.EACCES) }
        }
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while !Self.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                let ended = !process.isRunning
                let output = String(logText.suffix(2_000))
                stop()
                throw ServerDidNotStart(label: label, ended: ended, timeout: timeout, output: output)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Ends the server with `signal` (SIGKILL: a crash; SIGTERM: a shutdown), keeping its storage.
    func halt(with signal: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
        waitForExit()
    }

    /// Waits for the server to end, killing it after 10 s: Cyrus 3.6's master, stopped with SIGTERM
    /// while requests were in flight, was seen spinning with its httpd children dead but not reaped,
    /// its port still open, and never ending. The wait is bounded even then: Foundation's
    /// `waitUntilExit` was seen waiting for ever (in a fresh-clone CI run) for a server already gone.
    private func waitForExit() {
        guard !exits(within: 10) else { return }
        kill(process.processIdentifier, SIGKILL)
        _ = exits(within: 5)
    }

    private func exits(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        return !process.isRunning
    }

    /// Starts the server again on the same port with the same storage, after `halt(with:)`.
    func restart() throws {
        precondition(!process.isRunning, "restart follows halt")
        try launch()
    }

    deinit {
        stop()
    }

    /// The folder the server keeps its collections in (read by tests that watch it write).
    var storage: URL { folder.appendingPathComponent("storage") }

    /// The URL of a path on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Terminates the server and removes its storage.
    func stop() {
        if process.isRunning {
            process.terminate()
            waitForExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the server has written so far, read before `stop()` removes the folder with the log.
    private var logText: String {
        (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        var label: String
        var ended: Bool
        var timeout: TimeInterval
        var output: String
        var description: String {
            let what = ended ? "ended before it accepted a connection" : "accepted no connection within \(Int(timeout)) s"
            return "\(label) \(what); it said:\n\(output)"
        }
    }

    /// A free port other than `taken`.
    fileprivate static func freePort(besides taken: Int) throws -> Int {
        var port = try freePort()
        while port == taken { port = try freePort() }
        return port
    }

    /// A port nothing listens on: bind to port 0, read what the kernel chose, close again.
    private static func freePort() throws -> Int {
        let socketFD = socket(AF_INET, streamSocket, 0)
        guard socketFD >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(socketFD) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, length) == 0 && getsockname(socketFD, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a connection to `port` is accepted within a second. Bounded because a server that
    /// listens but does not accept fills its backlog, and a blocking connect then waits for the
    /// kernel's SYN retries (minutes), past any deadline the caller keeps.
    private static func accepts(port: Int) -> Bool {
        let socketFD = socket(AF_INET, streamSocket, 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        var limit = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: UInt16(port))
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamSocket = SOCK_STREAM
    #endif

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
