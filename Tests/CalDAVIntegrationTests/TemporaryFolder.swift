import Foundation

/// A fresh folder for one test's files (inputs, journals, logs) under the system's temporary
/// directory, named after the test; the caller removes it when done.
func temporaryFolder(_ label: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calbridge-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
