import CalendarModel
import JSONReading

/// Why an xCal, jCal or WebDAV document was refused: where (line and column when known) and what is wrong.
package struct DocumentError: Error, Sendable, CustomStringConvertible {
    package var line: Int?
    package var column: Int?
    package var message: String

    package init(line: Int? = nil, column: Int? = nil, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        let place = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return place + (place.isEmpty ? "" : ": ") + message
    }

    /// The error placed at `place` when it has no place of its own.
    func placed(at place: JSONPosition) -> DocumentError {
        line == nil ? DocumentError(line: place.line, column: place.column, message) : self
    }

    /// A size limit in words for messages: `64 MiB`, or bytes below a MiB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

extension SafeXML {
    /// Refuses a document whose prolog holds a DOCTYPE, before libxml2 reads any of it: calbridge
    /// loads no DTD and expands no entity, so a DOCTYPE can only be a mistake or an attack.
    static func refuseDoctype(_ bytes: [UInt8]) throws(DocumentError) {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skip(past terminator: [UInt8]) {
            while i < bytes.count && !bytes[i...].starts(with: terminator) { i += 1 }
            i += terminator.count
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            if bytes[i...].starts(with: Array("<?".utf8)) { skip(past: Array("?>".utf8)); continue }
            if bytes[i...].starts(with: Array("<!--".utf8)) { skip(past: Array("-->".utf8)); continue }
            let head = String(decoding: bytes[i..<min(i + 9, bytes.count)], as: UTF8.self).uppercased()
            if head == "<!DOCTYPE" {
                throw DocumentError(
                    line: 1 + bytes[..<i].filter { $0 == 0x0A }.count,
                    doctypeRefusal)
            }
            return
        }
    }
}

extension Diagnostic {
    /// A malformed xCal or jCal document (`format` names it) as an error at its line and column.
    package init(documentError error: DocumentError, file: String, format: String) {
        let place = error.line.map { SourceLocation(line: $0, column: error.column ?? 1) }
        self.init(.error, file: file, at: place, "\(format): \(error.message)")
    }
}
