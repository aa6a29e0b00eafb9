/// The bytes of one top-level component (a VEVENT with its alarms, a VTIMEZONE…) exactly as they
/// stood in the input, cut out by ``CalendarScanner`` so that workers can parse components in parallel.
package struct RawComponent: Sendable {
    package var bytes: [UInt8]
    /// The line number of its BEGIN line in the input.
    package var firstLine: Int

    package init(bytes: [UInt8], firstLine: Int) {
        self.bytes = bytes
        self.firstLine = firstLine
    }
}
