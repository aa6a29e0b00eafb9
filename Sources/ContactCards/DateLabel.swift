import CalendarModel

/// What an Apple X-ABLabel says a grouped X-ABDATE is. Apple's own labels are wrapped as
/// `_$!<Anniversary>!$_` (shown translated in Contacts); anything else is a label the user typed.
enum DateLabel {
    static func kind(of label: String?) -> ContactDate.Kind {
        guard let label else { return .labelled("Other") }
        if label.hasPrefix("_$!<"), label.hasSuffix(">!$_"), label.count >= 8 {
            let inner = String(label.dropFirst(4).dropLast(4))
            return inner.lowercased() == "anniversary" ? .anniversary : .labelled(inner)
        }
        return .labelled(label)
    }
}
