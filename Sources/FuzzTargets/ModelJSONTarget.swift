import CalendarDocuments
import CalendarModel

/// The model's JSON, as `convert --from json` reads it.
enum ModelJSONTarget {
    /// What is read from model JSON, written as model JSON and read again, is the same tree.
    static let modelJSON = FuzzTarget("model-json") { bytes in
        let descriptor = CalendarFormat.json.descriptor
        guard let first = try? RegistryTargets.read(bytes, as: descriptor), let writer = descriptor.writer else { return nil }
        do {
            let written = try writer.document(first, FormatOptions()).bytes
            WrittenTrace.keep(written)
            return treeDifference([first], [try RegistryTargets.read(written, as: descriptor)])
        } catch {
            return "calbridge wrote model JSON it then refuses: \(error)"
        }
    }
}
