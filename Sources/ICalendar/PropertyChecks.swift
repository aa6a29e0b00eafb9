/// What the parser checks a property's value against, found with one lookup by name, because the
/// parser asks it of every line: calbridge's own value check and the form libical is known to read.
struct PropertyChecks: Sendable {
    var kind: PropertyValueCheck.Kind?
    var libicalForm: LibicalAcceptance.Form?

    private static let byName: PropertyNameTable<PropertyChecks> = {
        let names = Set(PropertyValueCheck.kindsByName.keys).union(LibicalAcceptance.formsByName.keys)
        return PropertyNameTable(
            Dictionary(
                uniqueKeysWithValues: names.map { name in
                    (name, PropertyChecks(kind: PropertyValueCheck.kindsByName[name], libicalForm: libicalForm(of: name)))
                }))
    }()

    /// The checks of a property name as written in a line, in any case.
    static func of(_ name: ArraySlice<UInt8>) -> PropertyChecks {
        byName[name] ?? PropertyChecks(kind: nil, libicalForm: isExtension(name) ? .anything : nil)
    }

    /// The checks of an upper-case name.
    static func of(_ name: String) -> PropertyChecks {
        of(Array(name.utf8)[...])
    }

    private static func libicalForm(of name: String) -> LibicalAcceptance.Form? {
        LibicalAcceptance.formsByName[name] ?? (name.hasPrefix("X-") ? .anything : nil)
    }

    /// An `X-` name, in any case: libical reads an extension property's value as text unless a VALUE
    /// parameter says otherwise.
    private static func isExtension(_ name: ArraySlice<UInt8>) -> Bool {
        guard let first = name.first, name.count >= 2 else { return false }
        return first | 0x20 == UInt8(ascii: "x") && name[name.startIndex + 1] == UInt8(ascii: "-")
    }
}
