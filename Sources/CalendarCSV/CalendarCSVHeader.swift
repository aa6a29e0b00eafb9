import CSVReading
import ContentLines
import CalendarModel

/// Which producer wrote a calendar CSV: Google Calendar's nine columns, whose all-day End Date is
/// the last day, or Outlook's export, whose all-day end is the next day's midnight.
package enum CalendarCSVStyle: String, CaseIterable, Sendable {
    case google, outlook
}

/// A calendar CSV's header row, read: where each known column stands, in which language, which
/// producer's form it is, and the headers calbridge does not know.
struct CalendarCSVHeader {
    var columns: [CalendarCSVColumn: Int]
    var language: CalendarCSVLanguage
    var style: CalendarCSVStyle
    /// Headers calbridge does not know, or knows and met already, whose values are dropped.
    var unknown: [String]

    /// The header, when its fields name a subject and a start date in one language; nil otherwise.
    init?(_ fields: [String]) {
        for language in CalendarCSVLanguage.allCases {
            var columns: [CalendarCSVColumn: Int] = [:]
            var unknown: [String] = []
            for (index, field) in fields.enumerated() {
                let name = field.lowercased()
                if let column = CalendarCSVColumn.allCases.first(where: { $0.header(language).lowercased() == name }),
                    columns[column] == nil
                {
                    columns[column] = index
                } else if !field.isEmpty {
                    unknown.append(field)
                }
            }
            guard columns[.subject] != nil, columns[.startDate] != nil else { continue }
            self.columns = columns
            self.language = language
            // Any column beyond Google's nine is Outlook's export.
            style = columns.keys.allSatisfy(CalendarCSVColumn.google.contains) ? .google : .outlook
            self.unknown = unknown
            return
        }
        return nil
    }

    /// Whether the first line of `head` (a file's first bytes) that is not blank is a calendar CSV's
    /// header, as the reader takes it (a spreadsheet may save empty rows above it).
    static func recognizes(head: [UInt8]) -> Bool {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0D, UInt8(ascii: ","), UInt8(ascii: ";")]
        var lineStart = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while lineStart < head.count {
            let lineEnd = head[lineStart...].firstIndex(of: 0x0A) ?? head.count
            let line = head[lineStart..<lineEnd]
            if !line.allSatisfy(blanks.contains) {
                guard case .success(let lines) = CSVScanner.lines(CalendarCSVEncoding.decoded(Array(line)).bytes) else { return false }
                for case .record(_, let fields, _) in lines { return CalendarCSVHeader(fields) != nil }
                return false
            }
            lineStart = lineEnd + 1
        }
        return false
    }

    /// The header rows calbridge knows, for the message that refuses an unknown one.
    static var knownHeaders: String {
        let google = CalendarCSVColumn.google.map { $0 == .allDay ? "All Day Event" : $0.english }
        return "Google Calendar's \"" + google.joined(separator: ",") + "\", or Outlook's export in English (\""
            + CalendarCSVColumn.outlook(.english).prefix(6).map(\.english).joined(separator: ",")
            + ",…\") or German (\"" + CalendarCSVColumn.outlook(.german).prefix(6).map(\.german).joined(separator: ",") + ",…\")"
    }
}

/// A calendar CSV's bytes as UTF-8: Outlook in Western European locales saves its export in
/// Windows code page 1252 without a byte order mark, so bytes that are not UTF-8 are read so.
enum CalendarCSVEncoding {
    /// UTF-8 bytes (a byte order mark dropped), and whether they were read as Windows-1252.
    static func decoded(_ bytes: [UInt8]) -> (bytes: [UInt8], fromWindows1252: Bool) {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
        if text.allSatisfy({ $0 < 0x80 }) || String(validating: text, as: UTF8.self) != nil { return (text, false) }
        return (Array(ValueCharset.windows1252(text).utf8), true)
    }
}
