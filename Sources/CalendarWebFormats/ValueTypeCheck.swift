import CalendarModel

/// Whether a raw value is a value of its type, so that xCal and jCal never dress as a date (or a
/// rule, a number…) a value that is none — a `DTSTART:INVALID-DATE` a lenient reading kept: such a
/// value travels as `unknown` text, with its VALUE parameter, and comes back as it was written.
enum ValueTypeCheck {
    static func reads(_ raw: String, as type: ValueType, layout: PropertyDesign.Layout) -> Bool {
        // Text is most of what is written and any text reads as text: nothing is cut or split for it.
        if type == .text { return true }
        switch layout {
        case .single: return type.reads(raw)
        case .list: return ValueCodec.split(raw, at: ",").allSatisfy(type.reads)
        case .structured: return type != .float || floats(raw)
        }
    }

    /// GEO's two floats.
    private static func floats(_ raw: String) -> Bool {
        let parts = raw.split(separator: ";", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { Double($0) != nil }
    }
}
