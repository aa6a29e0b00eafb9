import Foundation
import XCTest

/// Starts a test class's server once for all its tests, and decides what a missing install means:
/// a skip on a developer's machine, a failure in CI (env `CI` set), where Scripts/setup must have
/// installed the servers.
enum CalDAVServerHarness {
    struct NotInstalled: Error, CustomStringConvertible {
        var kind: CalDAVServerKind
        var description: String {
            switch kind {
            case .cyrus:
                return "cyrus is not installed: run Scripts/setup --python (it installs cyrus-imapd, cyrus-caldav and sasl2-bin)"
            case .davical:
                return "davical is not installed: run Scripts/setup --python (it installs davical, postgresql, apache2, "
                    + "libapache2-mod-php, php-pgsql and php-xml)"
            case .radicale, .xandikos:
                return
                    "\(kind.rawValue) is not installed: run Scripts/setup --python, or set CALBRIDGE_PYTHON to the python of a venv that has it"
            }
        }
    }

    static func start(_ kind: CalDAVServerKind) -> Result<CalDAVTestServer, any Error> {
        let bin = CalDAVTestServer.binFolder()
        guard CalDAVTestServer.isInstalled(kind, bin: bin) else { return .failure(NotInstalled(kind: kind)) }
        return Result {
            do {
                return try CalDAVTestServer(kind, bin: bin)
            } catch let first as CalDAVTestServer.ServerDidNotStart {
                // A third-party server that once fails to start on a loaded CI machine is not what the
                // tests are about; a second start, in a fresh folder on fresh ports, is. The first
                // failure stays in the log for whoever reads it.
                FileHandle.standardError.write(Data("\(first)\nstarting \(kind.rawValue) once more\n".utf8))
                return try CalDAVTestServer(kind, bin: bin)
            }
        }
    }

    /// The running server, or the skip or failure its absence calls for.
    static func require(_ started: Result<CalDAVTestServer, any Error>?) throws -> CalDAVTestServer {
        switch started {
        case .success(let server)?:
            return server
        case .failure(let error as NotInstalled)?:
            if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty { throw error }
            throw XCTSkip(error.description)
        case .failure(let error)?:
            throw error
        case nil:
            throw XCTSkip("the server was not started")
        }
    }
}
