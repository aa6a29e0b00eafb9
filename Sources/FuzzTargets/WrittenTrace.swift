#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a round-trip target wrote, kept for the person triaging a finding: with
/// CALBRIDGE_FUZZ_WRITTEN=PATH the bytes written between the two reads go to PATH (the last input's).
enum WrittenTrace {
    private static let path: String? = getenv("CALBRIDGE_FUZZ_WRITTEN").map { String(cString: $0) }

    static func keep(_ bytes: [UInt8]) {
        guard let path, let file = fopen(path, "wb") else { return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}
