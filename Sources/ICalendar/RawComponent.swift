/// The bytes of one top-level component (a VEVENT with its alarms, a VTIMEZONE…) exactly as they
/// stood in the input, cut out by `CalendarScanner` so that workers can parse components in parallel.
public struct RawComponent: Sendable {
    public var bytes: [UInt8]
    /// The line number of its BEGIN line in the input.
    public var firstLine: Int

    public init(bytes: [UInt8], firstLine: Int) {
        self.bytes = bytes
        self.firstLine = firstLine
    }
}
