import CalendarModel
import Foundation

/// The model's JSON, as `convert --from json` reads it.
enum ModelJSONTarget {
    /// What is read from model JSON, written as model JSON and read again, is the same tree.
    static let modelJSON = FuzzTarget("model-json") { bytes in
        guard let first = try? JSONDecoder().decode(ModelJSON.self, from: Data(bytes)) else { return nil }
        do {
            let written = try JSONEncoder().encode(first)
            let second = try JSONDecoder().decode(ModelJSON.self, from: written)
            return treeDifference([first.component], [second.component])
        } catch {
            return "calbridge wrote model JSON it then refuses: \(error)"
        }
    }
}
