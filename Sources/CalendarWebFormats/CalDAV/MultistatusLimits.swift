/// Bounds on what one multistatus may make the reader hold, so a broken or hostile server cannot
/// make calbridge grow without bound: everything but one response at a time is streamed, and one
/// response keeps at most `calendarDataBytes + textBytes` of text in all.
package struct MultistatusLimits: Hashable, Sendable {
    /// The largest `calendar-data` of one response, in UTF-8 bytes. 64 MiB is far above any
    /// real calendar object (servers cap resources at a few MiB) yet keeps a runaway body bounded.
    package var calendarDataBytes: Int
    /// The largest other text value (an href, an etag, a display name), in UTF-8 bytes; the
    /// default is libxml2's own XML_MAX_TEXT_LENGTH, which its headers keep out of the module.
    package var textBytes: Int
    /// The most properties one response may name.
    package var propertiesPerResponse: Int

    package init(calendarDataBytes: Int = 64 << 20, textBytes: Int = 10_000_000, propertiesPerResponse: Int = 1_000) {
        self.calendarDataBytes = calendarDataBytes
        self.textBytes = textBytes
        self.propertiesPerResponse = propertiesPerResponse
    }
}
