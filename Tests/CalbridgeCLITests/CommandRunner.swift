import Foundation

/// Runs the built `calbridge` binary, as a user would, and collects what it printed.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

enum Calbridge {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("calbridge")
    }

    static func run(_ arguments: [String], input: String? = nil, directory: URL? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }
}

/// Runs a Python program of a test (`-c`) with the reference tools' interpreter, `CALBRIDGE_PYTHON`;
/// what it printed and how it exited.
func runPython(_ python: String, _ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try runProgram(python, ["-c", program] + arguments)
}

/// Runs a program other than calbridge (a script, tar, the unpacked release); what it printed on
/// standard output and how it exited.
func runProgram(_ path: String, _ arguments: [String], directory: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// A fresh directory for one test's files.
func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func crlf(_ lines: [String]) -> String {
    lines.map { $0 + "\r\n" }.joined()
}

let sampleCalendar = crlf([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Hochschule//Stundenplan//DE", "X-WR-CALNAME:Informatik",
    "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
    "BEGIN:DAYLIGHT", "DTSTART:19810329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZNAME:CEST", "END:DAYLIGHT",
    "BEGIN:STANDARD", "DTSTART:19961027T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZNAME:CET", "END:STANDARD", "END:VTIMEZONE",
    "BEGIN:VEVENT", "UID:db-v@hs.example.org", "DTSTAMP:20261001T080000Z",
    "DTSTART;TZID=Europe/Berlin:20261012T081500", "DTEND;TZID=Europe/Berlin:20261012T094500",
    "RRULE:FREQ=WEEKLY;UNTIL=20270205T225959Z", "SUMMARY;LANGUAGE=de:Datenbanken\\, Vorlesung",
    "LOCATION:H1.12", "X-HS-KIND:Vorlesung", "END:VEVENT", "END:VCALENDAR",
])
