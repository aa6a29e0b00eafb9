import Foundation
import Platform

extension DirectoryStore {
    /// vdir's `displayname` and `color` files (one line each, as vdirsyncer and khal keep them).
    package func label() throws(StoreError) -> CalendarLabel {
        CalendarLabel(name: try metadata("displayname"), color: try metadata("color"))
    }

    package func setLabel(_ label: CalendarLabel) throws(StoreError) {
        for (file, value) in [("displayname", label.name), ("color", label.color)] {
            guard let value else { continue }
            do throws(AtomicFile.Failure) {
                let sink = try AtomicFile(destination: directory + "/" + file)
                try sink.write(Array((value + "\n").utf8))
                try sink.commit()
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    private func metadata(_ file: String) throws(StoreError) -> String? {
        guard let read = try PosixFiles.read(directory + "/" + file) else { return nil }
        let text = String(decoding: read.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
