/// What the parser checks a property's value against, found with one lookup by name, because the
/// parser asks it of every line: calbridge's own value check and the form libical is known to read.
struct PropertyChecks: Sendable {
    var kind: PropertyValueCheck.Kind?
    var libicalForm: LibicalAcceptance.Form?

    private static let byName: PropertyNameTable<PropertyChecks> = {
        let names = Set(PropertyValueCheck.kindsByName.keys).union(LibicalAcceptance.formsByName.keys)
        return PropertyNameTable(Dictionary(uniqueKeysWithValues: names.map { name in
            (name, PropertyChecks(kind: PropertyValueCheck.kindsByName[name], libicalForm: libicalForm(of: name)))
        }))
    }()

    static func of(_ name: String) -> PropertyChecks {
        byName[name] ?? PropertyChecks(kind: nil, libicalForm: libicalForm(of: name))
    }

    /// libical reads an extension property's value as text unless a VALUE parameter says otherwise.
    private static func libicalForm(of name: String) -> LibicalAcceptance.Form? {
        LibicalAcceptance.formsByName[name] ?? (name.hasPrefix("X-") ? .anything : nil)
    }
}
