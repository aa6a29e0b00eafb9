import CalendarModel
import CalendarViews
import Foundation

/// `view --format pdf`: calbridge draws no PDF itself, so a program on the machine prints the
/// picture. Headless Chromium prints the HTML page (its print style sheet puts the week on the first
/// landscape sheet and the list after it); without it, `rsvg-convert` (librsvg) turns the SVG into
/// a one-page PDF of the picture's size.
struct PrintedPicture {
    /// A program that can print, found on PATH.
    enum Printer {
        case chromium(String)
        case rsvgConvert(String)

        /// What the program is given: the page for Chromium, the picture for rsvg-convert.
        var form: ViewRequest.Form {
            if case .chromium = self { return .html }
            return .svg
        }
    }

    /// The browsers' names as Debian, Fedora and Google package them, then librsvg's converter.
    static let chromiumNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// The first printer on PATH, Chromium before rsvg-convert.
    static func printer(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> Printer? {
        let folders = (path ?? "").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            folders.lazy.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        if let chromium = chromiumNames.lazy.compactMap(find).first { return .chromium(chromium) }
        return find("rsvg-convert").map(Printer.rsvgConvert)
    }

    let printer: Printer

    /// The PDF of `picture` (markup in `printer.form`), made in a folder of its own that is removed after.
    func pdf(of picture: String) throws(PrintingFailure) -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-print-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent(printer.form == .html ? "picture.html" : "picture.svg")
        let printed = folder.appendingPathComponent("picture.pdf")
        let (program, arguments): (String, [String])
        switch printer {
        case .chromium(let chromium):
            // Chromium will not start as root inside its sandbox; the page it prints has no scripts.
            let sandbox = geteuid() == 0 ? ["--no-sandbox"] : []
            (program, arguments) = (
                chromium,
                ["--headless", "--disable-gpu"] + sandbox + [
                    "--no-pdf-header-footer",
                    "--user-data-dir=" + folder.appendingPathComponent("profile").path,
                    "--print-to-pdf=" + printed.path, source.absoluteString,
                ]
            )
        case .rsvgConvert(let converter):
            (program, arguments) = (converter, ["--format=pdf", "--output=" + printed.path, source.path])
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(picture.utf8).write(to: source)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            // A browser without a desktop talks about D-Bus and GPUs: noise, not the user's concern.
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let bytes = try Data(contentsOf: printed)
            guard process.terminationStatus == 0, bytes.starts(with: Array("%PDF-".utf8)) else {
                throw PrintingFailure(
                    message:
                        "\(program) exited \(process.terminationStatus) without a PDF; draw the page with -o week.html and print it from a browser"
                )
            }
            return Array(bytes)
        } catch let failure as PrintingFailure {
            throw failure
        } catch {
            throw PrintingFailure(
                message:
                    "\(program) could not print the picture (\(error.localizedDescription)); draw the page with -o week.html and print it from a browser"
            )
        }
    }
}

/// No program can print a PDF, or the one found failed: the service is unavailable (69).
struct PrintingFailure: ExplainedFailure {
    var message: String
    var kind: FailureKind { .unavailable }

    static let nothingToPrintWith = PrintingFailure(
        message: "a PDF needs Chromium or rsvg-convert, and neither is on PATH; "
            + "install one (Debian: apt-get install chromium, or apt-get install librsvg2-bin), or draw -o week.html and print it from a browser"
    )
}
