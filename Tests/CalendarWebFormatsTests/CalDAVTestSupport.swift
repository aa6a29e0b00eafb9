import Foundation
import XCTest
@testable import CalendarWebFormats

/// Fixture loading and measurements shared by the CalDAV tests.
enum CalDAVFixtures {
    static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/caldav")
    }

    /// The recorded server answers, by file name; read through FileManager because
    /// `Bundle.urls(forResourcesWithExtension:)` gives NSURL on Linux.
    static func all() throws -> [String: [UInt8]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".xml") }
        var bodies: [String: [UInt8]] = [:]
        for name in names {
            bodies[name] = try bytes(name)
        }
        return bodies
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func read(_ name: String) throws -> Multistatus {
        try MultistatusReader().read(bytes(name))
    }
}

/// Reads a body one byte at a time, the worst chunking a network can produce.
func readInSingleBytes(_ body: [UInt8], limits: MultistatusLimits = MultistatusLimits()) throws -> Multistatus {
    var index = 0
    var result = Multistatus()
    let summary = try MultistatusReader(limits: limits).read(
        chunks: {
            guard index < body.count else { return nil }
            defer { index += 1 }
            return [body[index]]
        }, onResponse: { result.responses.append($0) })
    result.syncToken = summary.syncToken
    return result
}

/// The process's resident memory, from /proc/self/status (Linux only).
enum ResidentMemory {
    /// Resets the peak (VmHWM) to the current size, so a later peak belongs to the code between.
    /// Returns false where the kernel does not allow it.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    static func kilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).filter(\.isNumber))
        }
        return nil
    }
}
